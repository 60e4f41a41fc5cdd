import { CircleAlert, CircleCheck, Clock, LoaderCircle, RotateCcw, Upload } from 'lucide-react';
import type { ApplicationDocumentType } from '@shared/doctor-applications/submit';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { FilePicker } from '@web/components/uploads/FilePicker';
import { cn } from '@web/lib/utils';
import type { DocumentUpload, DocumentUploadStatus } from '../hooks/use-application-submission';
import { DOCUMENT_ACCEPT, documentLabel } from '../lib/documents';
import { uploadMessages } from '../lib/messages';
import { acceptDocumentFile } from './DocumentsSection';

/** A step estimate: fetch reports no byte progress for a request body. */
const PROGRESS: Record<DocumentUploadStatus, number> = {
  waiting: 0,
  uploading: 50,
  done: 100,
  error: 0,
  'needs-file': 0,
};

function StatusIcon({ status }: { status: DocumentUploadStatus }) {
  if (status === 'done') {
    return <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />;
  }
  if (status === 'error' || status === 'needs-file') {
    return <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />;
  }
  if (status === 'waiting') {
    return <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />;
  }
  return (
    <LoaderCircle
      className="size-4 shrink-0 text-primary motion-safe:animate-spin"
      aria-hidden="true"
    />
  );
}

/** Per-document upload state; a failed document shows why, with Retry or another file. */
export function DocumentUploadList({
  uploads,
  onRetry,
}: {
  uploads: readonly DocumentUpload[];
  onRetry: (type: ApplicationDocumentType, replacement?: File) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Document uploads" className="grid gap-3">
      {uploads.map((upload) => {
        const label = documentLabel(upload.type);
        const failed = upload.status === 'error' || upload.status === 'needs-file';
        const done = upload.status === 'done';
        const pickerId = `resend-${upload.type}`;
        return (
          <li
            key={upload.type}
            data-status={upload.status}
            className={cn(
              'grid gap-2 rounded-lg border p-3 text-sm',
              failed ? 'border-red-200 bg-danger-soft' : 'bg-card',
            )}
          >
            <div className="flex items-center gap-2">
              <StatusIcon status={upload.status} />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block truncate text-muted-foreground">{upload.fileName}</span>
              </span>
              <span
                className={cn(
                  'shrink-0 text-xs font-semibold',
                  failed ? 'text-destructive' : done ? 'text-success' : 'text-muted-foreground',
                )}
              >
                {uploadMessages.status[upload.status]}
              </span>
            </div>
            {failed ? (
              <div className="grid gap-2">
                <p role="alert" className="text-danger-foreground">
                  {upload.status === 'needs-file' ? uploadMessages.needsFile : upload.error}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  {upload.status === 'error' && upload.file ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Retry ${label}`}
                      onClick={() => onRetry(upload.type)}
                    >
                      <RotateCcw aria-hidden="true" />
                      {uploadMessages.retry}
                    </Button>
                  ) : null}
                  <FilePicker
                    id={pickerId}
                    buttonText={`${
                      upload.status === 'needs-file'
                        ? uploadMessages.chooseAgain
                        : uploadMessages.chooseOther
                    }: ${label}`}
                    accept={DOCUMENT_ACCEPT}
                    multiple={false}
                    icon={<Upload aria-hidden="true" />}
                    onFiles={(files) => {
                      const accepted = acceptDocumentFile(files);
                      if (accepted) onRetry(upload.type, accepted);
                    }}
                  />
                </div>
              </div>
            ) : (
              <Progress
                value={PROGRESS[upload.status]}
                aria-label={`${label} upload`}
                indicatorClassName={done ? 'bg-success' : undefined}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
