import { RotateCcw, Upload } from 'lucide-react';
import type { ApplicationDocumentType } from '@shared/doctor-applications/submit';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { FilePicker } from '@web/components/uploads/FilePicker';
import { type UploadPhase, UploadRow } from '@web/components/uploads/UploadRow';
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

function phaseOf(status: DocumentUploadStatus): UploadPhase {
  if (status === 'done') return 'done';
  if (status === 'error' || status === 'needs-file') return 'failed';
  return status === 'waiting' ? 'waiting' : 'busy';
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
          <UploadRow
            key={upload.type}
            status={upload.status}
            phase={phaseOf(upload.status)}
            name={
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{label}</span>
                <span className="block truncate text-muted-foreground">{upload.fileName}</span>
              </span>
            }
            statusLabel={uploadMessages.status[upload.status]}
          >
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
          </UploadRow>
        );
      })}
    </ul>
  );
}
