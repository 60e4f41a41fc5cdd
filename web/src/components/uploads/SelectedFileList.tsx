import { FileText, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { formatFileSize } from '@web/lib/uploads/file-types';

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
        <li
          key={id}
          className="flex items-center gap-3 rounded-lg border bg-surface px-3 py-2 text-sm"
        >
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
          <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(id)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
