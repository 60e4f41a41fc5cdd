import {
  File,
  FileImage,
  FileMusic,
  FileSpreadsheet,
  FileText,
  FileVideo,
  type LucideIcon,
} from 'lucide-react';
import type { Attachment } from '@shared/cases/api';
import {
  attachmentName,
  documentTypeLabel,
  fileKind,
  formatFileSize,
  type FileKind,
} from '@web/lib/attachments';

/** The icon varies by extension (spec doc 2 §2). */
const ICONS: Record<FileKind, { icon: LucideIcon; className: string }> = {
  pdf: { icon: FileText, className: 'text-red-700' },
  image: { icon: FileImage, className: 'text-green-700' },
  document: { icon: FileText, className: 'text-blue-700' },
  spreadsheet: { icon: FileSpreadsheet, className: 'text-emerald-700' },
  video: { icon: FileVideo, className: 'text-purple-700' },
  audio: { icon: FileMusic, className: 'text-orange-700' },
  other: { icon: File, className: 'text-muted-foreground' },
};

export function AttachmentIcon({ name }: { name: string }) {
  const kind = fileKind(name);
  const { icon: Icon, className } = ICONS[kind];
  return <Icon className={`size-5 shrink-0 ${className}`} aria-hidden="true" data-kind={kind} />;
}

/**
 * Uploaded files as buttons (name, type and size); what a press does is the caller's: open the
 * document viewer, or play an audio file.
 */
export function AttachmentList({
  attachments,
  onSelect,
  actionLabel,
}: {
  attachments: readonly Attachment[];
  onSelect: (attachment: Attachment) => void;
  /** Extra words for a screen reader after the name, per file (e.g. 'play'). */
  actionLabel?: (attachment: Attachment) => string | undefined;
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {attachments.map((attachment) => {
        const name = attachmentName(attachment);
        const action = actionLabel?.(attachment);
        return (
          <li key={attachment.id}>
            <button
              type="button"
              onClick={() => onSelect(attachment)}
              className="flex w-full items-center gap-3 rounded-lg border bg-background p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <AttachmentIcon name={name} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">
                  {name}
                  {action ? <span className="sr-only"> ({action})</span> : null}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {documentTypeLabel(attachment.type)} · {formatFileSize(attachment.size)}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
