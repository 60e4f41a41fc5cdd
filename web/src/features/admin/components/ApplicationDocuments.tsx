import {
  File,
  FileImage,
  FileMusic,
  FileSpreadsheet,
  FileText,
  FileVideo,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { Attachment } from '@shared/cases/api';
import { useApplicationAttachments } from '../api/get-application-attachments';
import {
  attachmentName,
  documentTypeLabel,
  fileKind,
  formatFileSize,
  type FileKind,
} from '../lib/attachments';
import { adminMessages } from '../lib/labels';
import { DocumentViewerDialog } from './DocumentViewerDialog';
import { ErrorState, LoadingState } from './states';

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

/** The documents an applicant uploaded; each opens in the document viewer. */
export function ApplicationDocuments({ applicationId }: { applicationId: string }) {
  const attachments = useApplicationAttachments(applicationId);
  const [viewing, setViewing] = useState<Attachment | null>(null);

  if (attachments.isPending) return <LoadingState label="Loading documents..." className="py-4" />;
  if (attachments.isError) return <ErrorState message={adminMessages.attachmentsFailed} />;
  if (attachments.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No documents uploaded</p>;
  }

  return (
    <>
      <ul className="grid gap-2 sm:grid-cols-2">
        {attachments.data.map((attachment) => {
          const name = attachmentName(attachment);
          return (
            <li key={attachment.id}>
              <button
                type="button"
                onClick={() => setViewing(attachment)}
                className="flex w-full items-center gap-3 rounded-lg border bg-background p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <AttachmentIcon name={name} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {documentTypeLabel(attachment.type)} · {formatFileSize(attachment.size)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <DocumentViewerDialog attachment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
