import { expireAndRefund } from '#features/cases/case-expiry';
import { env } from '#core/env';
import { createLogger } from '#lib/logger';

/**
 * Expires a paid, unstarted case now through the product's expiry run, as its schedule would at
 * `paidAt + CASE_EXPIRY_SECONDS`: the status change, then its authorization voided (issue 28)
 * and the patient's pages pushed. Run in a test worker with the stack's environment
 * (`useTestStack`), so it reaches the stack's table, Stripe stand-in and sockets.
 */
export async function expirePaidCaseNow(caseId: string): Promise<void> {
  const pastExpiry = new Date(Date.now() + 2 * env.caseExpirySeconds * 1000);
  const result = await expireAndRefund(
    { caseId },
    createLogger({ route: 'test/expire' }),
    pastExpiry,
  );
  if (!result.expired) throw new Error(`Case ${caseId} did not expire`);
}
