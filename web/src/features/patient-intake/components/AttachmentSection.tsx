import { FilePicker } from '@web/components/uploads/FilePicker';
import { SelectedFileList } from '@web/components/uploads/SelectedFileList';
import { FieldHint, hintIdOf } from '@web/components/form/field-parts';
import type { ChosenFile } from '../lib/chosen-files';
import type { AttachmentSlot } from './intake-reading';

/** One kind of attachment: its title, what it takes, the picker and the files chosen so far. */
export function AttachmentSection({
  slot,
  files,
  onFiles,
  onRemove,
}: {
  slot: AttachmentSlot;
  files: readonly ChosenFile[];
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-medium">
        {slot.title} <span className="font-normal text-muted-foreground">(optional)</span>
      </h3>
      <FieldHint id={slot.id}>{slot.hint}</FieldHint>
      <FilePicker
        id={slot.id}
        buttonText={slot.buttonText}
        accept={slot.accept}
        describedBy={hintIdOf(slot.id)}
        icon={slot.icon}
        onFiles={onFiles}
      />
      <SelectedFileList files={files} label={slot.listLabel} onRemove={onRemove} />
    </div>
  );
}
