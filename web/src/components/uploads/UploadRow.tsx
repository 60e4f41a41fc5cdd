import { CircleAlert, CircleCheck, Clock, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** How an upload row looks: queued, on its way, finished or failed. */
export type UploadPhase = 'waiting' | 'busy' | 'done' | 'failed';

function UploadPhaseIcon({ phase }: { phase: UploadPhase }) {
  if (phase === 'done') {
    return <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />;
  }
  if (phase === 'failed') {
    return <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />;
  }
  if (phase === 'waiting') {
    return <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />;
  }
  return (
    <LoaderCircle
      className="size-4 shrink-0 text-primary motion-safe:animate-spin"
      aria-hidden="true"
    />
  );
}

/**
 * One upload in a list: the phase icon, the file's name and status text, then `children`
 * (the progress bar, or the error with its actions). `status` goes to `data-status`.
 */
export function UploadRow({
  status,
  phase,
  name,
  statusLabel,
  children,
}: {
  status: string;
  phase: UploadPhase;
  name: ReactNode;
  statusLabel: string;
  children: ReactNode;
}) {
  const failed = phase === 'failed';
  return (
    <li
      data-status={status}
      className={cn(
        'grid gap-2 rounded-lg border p-3 text-sm',
        failed ? 'border-red-200 bg-danger-soft' : 'bg-card',
      )}
    >
      <div className="flex items-center gap-2">
        <UploadPhaseIcon phase={phase} />
        {name}
        <span
          className={cn(
            'shrink-0 text-xs font-semibold',
            failed
              ? 'text-destructive'
              : phase === 'done'
                ? 'text-success'
                : 'text-muted-foreground',
          )}
        >
          {statusLabel}
        </span>
      </div>
      {children}
    </li>
  );
}
