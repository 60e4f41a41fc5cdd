import { Paperclip } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

export interface FilePickerProps {
  id: string;
  /** The button text, which is also the input's accessible name. */
  buttonText: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Ids of the hint and error texts. */
  describedBy?: string;
  icon?: ReactNode;
  onFiles: (files: File[]) => void;
}

/**
 * A native file input styled as a button. The input stays in the tab order (visually hidden), so
 * Tab reaches it and Enter or Space opens the file dialog; its label is the visible button.
 */
export function FilePicker({
  id,
  buttonText,
  accept,
  multiple = true,
  disabled = false,
  describedBy,
  icon,
  onFiles,
}: FilePickerProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Let the same file be chosen again after it was removed or refused.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  return (
    <div className="relative">
      <input
        id={id}
        type="file"
        className="peer sr-only"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={handleChange}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        {icon ?? <Paperclip aria-hidden="true" />}
        {buttonText}
      </label>
    </div>
  );
}
