import { ShieldCheck } from 'lucide-react';
import { waitPromiseText } from '@shared/payments/before-paying';
import { useWaitPromiseMinutes } from '@web/lib/config/use-wait-promise-minutes';
import { cn } from '@web/lib/utils';

/**
 * The wait promise, said before paying (issue 28 item 3): the landing and the payment choice
 * page (here, not in a feature: the landing's first load may not carry the payments feature). Nothing while the minutes load or if they cannot be read: a number we are not sure of
 * would be a promise we might not keep (the payment stays possible either way).
 */
export function WaitPromiseNote({ className }: { className?: string }) {
  const minutes = useWaitPromiseMinutes();
  if (minutes === undefined) return null;
  return (
    <p
      className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}
      data-testid="wait-promise"
    >
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      <span>{waitPromiseText(minutes)}</span>
    </p>
  );
}
