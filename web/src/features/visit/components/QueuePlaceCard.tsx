import { Users } from 'lucide-react';
import { queuePlaceText, waitEstimateText, type CaseWaitResponse } from '@shared/cases/queue-wait';
import { doctorsOnDutyText, waitPromiseText } from '@shared/payments/money';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/states';
import { useCaseWait } from '../hooks/use-case-wait';

export const QUEUE_PLACE_MESSAGES = {
  loading: 'Finding your place in the queue...',
  failed: 'We could not load your place in the queue. We keep trying automatically.',
} as const;

/** The lines of a waiting case: its place, then the estimate or, with nobody on duty, the promise. */
export function queueLines(wait: CaseWaitResponse): string[] {
  if (wait.place === null) return [];
  const place = queuePlaceText(wait.place);
  return wait.estimate
    ? [place, waitEstimateText(wait.estimate)]
    : [place, doctorsOnDutyText(wait.doctorsOnDuty), waitPromiseText(wait.waitPromiseMinutes)];
}

/**
 * The waiting room's place in the queue and estimate (issue 28 item 5). One polite live region:
 * a screen reader hears the new place when the queue moves, without losing what it was reading.
 */
export function QueuePlaceCard({
  wait,
  isError,
}: {
  wait: CaseWaitResponse | undefined;
  isError: boolean;
}) {
  const lines = wait ? queueLines(wait) : [];
  if (wait && lines.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="queue-card-title">
      <CardHeader className="pb-2">
        <CardTitle asChild>
          <h2 id="queue-card-title" className="flex items-center gap-2">
            <Users className="size-5 text-primary" aria-hidden="true" />
            Your place in the queue
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {/* Present from the start, so the lines that arrive and change in it are announced. */}
        <div aria-live="polite" aria-atomic="true" data-testid="queue-place">
          {wait ? (
            <ul className="grid gap-1">
              {lines.map((line, index) => (
                <li key={line} className={index === 0 ? 'text-lg font-semibold' : 'text-sm'}>
                  {line}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {wait ? null : isError ? (
          <ErrorState message={QUEUE_PLACE_MESSAGES.failed} />
        ) : (
          <LoadingState label={QUEUE_PLACE_MESSAGES.loading} />
        )}
      </CardContent>
    </Card>
  );
}

/** The card for a case that waits, with its place fetched and kept current by push. */
export function QueuePlace({ caseId }: { caseId: string }) {
  const wait = useCaseWait(caseId, true);
  return <QueuePlaceCard wait={wait.data} isError={wait.isError} />;
}
