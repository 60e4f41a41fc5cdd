import { moneyTexts, type MoneyState } from '@shared/payments/money';
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
