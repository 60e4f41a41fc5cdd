import { RotateCcw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import type { UploadItem, UploadStatus } from '@web/lib/uploads/use-case-uploads';
import { UploadRow } from './UploadRow';

export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  waiting: 'Waiting',
  requesting: 'Preparing',
  uploading: 'Uploading',
  confirming: 'Checking',
  done: 'Uploaded',
  error: 'Failed',
};

/** Per-file upload state; a failed file shows the server's message and a retry button. */
export function UploadProgressList({
  items,
  onRetry,
}: {
  items: readonly UploadItem[];
  onRetry: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="File uploads" className="grid gap-3">
      {items.map((item) => {
        const failed = item.status === 'error';
        const done = item.status === 'done';
        return (
          <UploadRow
            key={item.id}
            status={item.status}
            phase={failed ? 'failed' : done ? 'done' : 'busy'}
            name={<span className="min-w-0 flex-1 truncate font-medium">{item.file.name}</span>}
            statusLabel={UPLOAD_STATUS_LABELS[item.status]}
          >
            {failed ? (
              <div className="flex flex-wrap items-center gap-2">
                <p role="alert" className="min-w-0 flex-1 text-danger-foreground">
                  {item.error}
                </p>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Retry ${item.file.name}`}
                  onClick={() => onRetry(item.id)}
                >
                  <RotateCcw aria-hidden="true" />
                  Retry
                </Button>
              </div>
            ) : (
              <Progress
                value={item.progress}
                aria-label={`${item.file.name} upload`}
                indicatorClassName={done ? 'bg-success' : undefined}
              />
            )}
          </UploadRow>
        );
      })}
    </ul>
  );
}
