import { FileText, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { formatFileSize } from '@web/lib/uploads/file-types';
import { cn } from '@web/lib/utils';

/** One chosen file: icon, name, size and a remove button (a list item, or a box on its own). */
export function SelectedFileRow({
  as: Tag = 'div',
  file,
  removeLabel,
  disabled,
  onRemove,
  className,
}: {
  as?: 'li' | 'div';
  file: File;
  /** Accessible name of the remove button. */
  removeLabel: string;
  disabled: boolean;
  onRemove: () => void;
  /** The background, e.g. 'bg-surface'. */
  className: string;
}) {
  return (
    <Tag className={cn('flex items-center gap-3 rounded-lg border px-3 py-2 text-sm', className)}>
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
      <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={disabled}
        aria-label={removeLabel}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </Tag>
  );
}
