import { CircleAlert, Inbox, LoaderCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { cn } from '@web/lib/utils';

export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <p
      role="status"
      // `ui-loading-state` (index.css, components layer): a caller's padding overrides it.
      className={cn('ui-loading-state', className)}
    >
      <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorState({ message, className }: { message: string; className?: string }) {
  return (
    <Alert variant="destructive" className={className}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

export function EmptyState({ message, className }: { message: string; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground',
        className,
      )}
    >
      <Inbox className="size-6" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
