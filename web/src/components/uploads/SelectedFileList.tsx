import { SelectedFileRow } from './SelectedFileRow';

export interface SelectedFile {
  id: string;
  file: File;
}

/** The files chosen so far, each with a remove button. */
export function SelectedFileList({
  files,
  label,
  disabled = false,
  onRemove,
}: {
  files: readonly SelectedFile[];
  /** Accessible name of the list, e.g. 'Chosen images'. */
  label: string;
  disabled?: boolean;
  onRemove: (id: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-2">
      {files.map(({ id, file }) => (
        <SelectedFileRow
          key={id}
          as="li"
          file={file}
          removeLabel={`Remove ${file.name}`}
          disabled={disabled}
          onRemove={() => onRemove(id)}
          className="bg-surface"
        />
      ))}
    </ul>
  );
}
