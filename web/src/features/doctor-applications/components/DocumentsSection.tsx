import { Upload } from 'lucide-react';
import type { ApplicationDocumentType } from '@shared/doctor-applications/submit';
import { Badge } from '@web/components/ui/badge';
import { FilePicker } from '@web/components/uploads/FilePicker';
import { SelectedFileRow } from '@web/components/uploads/SelectedFileRow';
import { toast } from '@web/hooks/use-toast';
import { cn } from '@web/lib/utils';
import {
  checkDocumentFile,
  DOCUMENT_ACCEPT,
  DOCUMENT_HINT,
  DOCUMENT_SLOTS,
  documentPickerId,
  type ChosenDocuments,
  type DocumentSlot,
} from '../lib/documents';
import { describedBy, FieldError, FieldHint } from '@web/components/form/field-parts';

/** Checks a picked file (spec doc 2 §5: type and size toasts); calls back with an accepted one. */
export function acceptDocumentFile(files: readonly File[]): File | null {
  const file = files[0];
  if (!file) return null;
  const problem = checkDocumentFile(file);
  if (problem) {
    toast({ variant: 'destructive', ...problem });
    return null;
  }
  return file;
}

function DocumentField({
  slot,
  file,
  error,
  disabled,
  onChange,
}: {
  slot: DocumentSlot;
  file: File | undefined;
  error?: string;
  disabled: boolean;
  onChange: (file: File | undefined) => void;
}) {
  const id = documentPickerId(slot.type);
  const titleId = `${id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'grid gap-3 rounded-lg border p-4',
        error ? 'border-red-200 bg-danger-soft' : 'bg-surface',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold">
          {slot.label}
        </h3>
        <Badge variant={slot.required ? 'default' : 'outline'}>
          {slot.required ? 'Required' : 'Optional'}
        </Badge>
      </div>
      <FieldHint id={id}>
        {slot.hint} {DOCUMENT_HINT}
      </FieldHint>
      {file ? (
        <SelectedFileRow
          file={file}
          removeLabel={`Remove ${slot.label}: ${file.name}`}
          disabled={disabled}
          onRemove={() => {
            onChange(undefined);
            // The remove button goes away: keep the keyboard on this document. The picker is
            // taken now, not looked up by id in the next frame: by then the page may be gone and
            // another one may carry the same id.
            const picker = document.getElementById(id);
            requestAnimationFrame(() => {
              if (picker?.isConnected) picker.focus();
            });
          }}
          className="bg-card"
        />
      ) : null}
      <div>
        <FilePicker
          id={id}
          buttonText={file ? `Replace ${slot.label}` : `Upload ${slot.label}`}
          accept={DOCUMENT_ACCEPT}
          multiple={false}
          disabled={disabled}
          describedBy={describedBy(id, { hint: true, error })}
          icon={<Upload aria-hidden="true" />}
          onFiles={(files) => {
            const accepted = acceptDocumentFile(files);
            if (accepted) onChange(accepted);
          }}
        />
      </div>
      <FieldError id={id} message={error} />
    </li>
  );
}

/** The four document pickers of the application (spec doc 2 §5). */
export function DocumentsSection({
  documents,
  errors,
  disabled,
  onChange,
}: {
  documents: ChosenDocuments;
  errors: Partial<Record<ApplicationDocumentType, string>>;
  disabled: boolean;
  onChange: (type: ApplicationDocumentType, file: File | undefined) => void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {DOCUMENT_SLOTS.map((slot) => (
        <DocumentField
          key={slot.type}
          slot={slot}
          file={documents[slot.type]}
          error={errors[slot.type]}
          disabled={disabled}
          onChange={(file) => onChange(slot.type, file)}
        />
      ))}
    </ul>
  );
}
