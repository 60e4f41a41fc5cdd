import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { manualPaymentComplete } from '@shared/payments/contracts';
import { send } from '@web/lib/api';
import { paths } from '@web/lib/paths';

/** What the client reads from the answer: where to go next (spec doc 1 §7). */
export interface ManualPaymentResult {
  next: string;
}

/** Only an in-app path (`/…`, not `//host`) is followed; anything else goes to the visit page. */
function safeNext(value: unknown, caseId: string): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : paths.visit(caseId);
}

/**
 * `POST /api/manual-payment-complete` {caseId}: asks the server to re-check the case's Checkout
 * Session with Stripe and mark the case paid. Any OK answer counts (the spec only logs it); its
 * `next` is followed when the answer matches the shared contract, else `/visit/{caseId}`.
 */
export async function completeManualPayment(caseId: string): Promise<ManualPaymentResult> {
  const res = await send(manualPaymentComplete, { body: { caseId } });
  const answer = manualPaymentComplete.response?.safeParse(await res.json().catch(() => undefined));
  return { next: safeNext(answer?.success ? answer.data.next : undefined, caseId) };
}

export function useCompleteManualPayment(
  options: Omit<
    UseMutationOptions<ManualPaymentResult, Error, string>,
    'mutationFn' | 'mutationKey'
  > = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['payments', 'manual-payment-complete'],
    mutationFn: completeManualPayment,
  });
}
