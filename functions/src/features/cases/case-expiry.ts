import { getCaseBundle } from '#db/cases/bundle';
import { currentPayment, type PaymentRefund } from '#db/payments';
import type { Logger } from '#lib/logger';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { releaseCaseMoney } from './case-refund';
import { caseExpiresAt, type CaseExpiryInput } from './case-expiry-schedule';
import { expireUnstartedCase } from './transitions';

/** Re-exported: the expiry's retries and dead letters name it (scripts/dead-letters). */
export { RefundFailedError } from './case-refund';

export interface CaseExpiryResult {
  /** This run moved the case to expired. */
  expired: boolean;
  /**
   * The refund of a payment captured at checkout (before manual capture, docs/adr/0024) as
   * recorded after this run; null when the case did not expire or its authorization is voided.
   */
  refund: PaymentRefund | null;
}

/**
 * Expires a paid case nobody started and gives its money back (DESIGN.md §5, docs/adr/0024):
 * its authorization is voided (`releaseCaseMoney`; the settlement retries a failure on its own),
 * a payment captured at checkout before manual capture is refunded in full. The status change
 * is one conditional write (at most once); the release follows for any expired case, so a run
 * after a failed refund (Lambda's retry, a replay) only refunds, and two runs at once refund or
 * void once (Stripe idempotency keys). The patient's pages hear of the expiry at once and of the
 * money when it is recorded (issue 12: both show on the visit page).
 */
export async function expireAndRefund(
  input: CaseExpiryInput,
  log: Logger,
  now = new Date(),
): Promise<CaseExpiryResult> {
  const expired = await expireUnstartedCase(input.caseId, now);
  const bundle = await getCaseBundle(input.caseId);
  if (!bundle) {
    log.warn('case expiry for an unknown case', { caseId: input.caseId });
    return { expired, refund: null };
  }
  const { case: caseRecord } = bundle;
  if (caseRecord.status !== 'expired') {
    const waiting = caseRecord.status === 'paid' || caseRecord.status === 'claimed';
    if (waiting && caseRecord.paidAt && caseExpiresAt(new Date(caseRecord.paidAt)) > now) {
      // Not due yet (a clock ahead of ours): throwing lets Lambda's retry try again later.
      throw new Error(`Case ${caseRecord.id} is not due to expire yet`);
    }
    // Started, completed or cancelled meanwhile, or a nurse visit a nurse took: nothing to do.
    return { expired, refund: null };
  }
  if (expired) await pushCaseUpdate(caseRecord.id, 'expired', log);

  await releaseCaseMoney(bundle, 'expired', log);
  const after = await getCaseBundle(input.caseId);
  return { expired, refund: (after && currentPayment(after.payments)?.refund) ?? null };
}
