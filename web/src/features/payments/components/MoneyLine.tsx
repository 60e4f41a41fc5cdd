import { moneyTexts, type MoneyState } from '@shared/payments/money';
import { caseStatusQueryKey, useCaseStatus, VISIT_POLL_MS } from '@web/lib/case-status';
import { pollInterval } from '@web/lib/realtime/case-updates';
import { useCaseUpdates } from '@web/lib/realtime/use-case-updates';
import { cn } from '@web/lib/utils';

/** Where the patient's money stands, as the status answer's `money` says (issue 28 item 2). */
export type MoneyView = { state: MoneyState } | null | undefined;

/**
 * The money line of the visit, processing and verification pages: "Card authorized – …", then
 * "Charged $2.99" or "Not charged – …" (issue 28 item 2). The live region stays mounted, empty
 * before any payment, so a screen reader hears each change the push brings, not only the first.
 */
export function MoneyLine({ money, className }: { money: MoneyView; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={cn('font-medium', !money && 'sr-only', className)}
      data-testid="money-line"
    >
      {money ? moneyTexts[money.state] : ''}
    </p>
  );
}

/**
 * The money line of a page that does not read the case's status itself: the feedback page,
 * where the visit page goes the moment the call is completed, so the capture that follows is
 * seen there ("Charged $2.99"). The status of `caseId`, refetched on the case's push and polled
 * as the visit page does.
 */
export function CaseMoneyLine({ caseId, className }: { caseId: string; className?: string }) {
  const pushed = useCaseUpdates(caseId, caseStatusQueryKey(caseId));
  const { data } = useCaseStatus(caseId, { pollMs: pollInterval(VISIT_POLL_MS, pushed) });
  return <MoneyLine money={data?.money} className={className} />;
}
