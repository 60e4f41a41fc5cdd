import { CircleAlert, CircleCheck, LoaderCircle, RotateCcw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/utils';
import type { UploadItem, UploadStatus } from '@web/lib/uploads/use-case-uploads';

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
          <li
            key={item.id}
            data-status={item.status}
            className={cn(
              'grid gap-2 rounded-lg border p-3 text-sm',
              failed ? 'border-red-200 bg-danger-soft' : 'bg-card',
            )}
          >
            <div className="flex items-center gap-2">
              {done ? (
                <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
              ) : failed ? (
                <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
              ) : (
                <LoaderCircle
                  className="size-4 shrink-0 text-primary motion-safe:animate-spin"
                  aria-hidden="true"
                />
              )}
              <span className="min-w-0 flex-1 truncate font-medium">{item.file.name}</span>
              <span
                className={cn(
                  'shrink-0 text-xs font-semibold',
                  failed ? 'text-destructive' : done ? 'text-success' : 'text-muted-foreground',
                )}
              >
                {UPLOAD_STATUS_LABELS[item.status]}
              </span>
            </div>
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
          </li>
        );
      })}
    </ul>
  );
}
