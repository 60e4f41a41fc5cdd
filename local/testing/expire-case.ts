import { afterAll, beforeAll } from 'vitest';
import { invoke } from '#local/gateway/lambda-runtime';
import { expireAndRefund, type CaseExpiryResult } from '#features/cases/case-expiry';
import { env } from '#core/env';
import { createLogger } from '#lib/logger';
import { CASE_EXPIRY_FUNCTION, scheduledTargets } from '#routes';
import { restoreEnv, stubEnv } from '#testing/env';
import { useTestStack } from './stack-context';

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

/**
 * The expiry handler run in this worker exactly as the local Scheduler runs it (`invoke` of the
 * target in `scheduledTargets`), against the stack's DynamoDB Local and Stripe stand-in.
 */
export const invokeCaseExpiry = (caseId: string) =>
  invoke(scheduledTargets[CASE_EXPIRY_FUNCTION]!, { caseId }) as Promise<CaseExpiryResult>;

/**
 * For a test file that runs the expiry handler in its worker: CASE_EXPIRY_SECONDS of `seconds`
 * while the file runs, so a case paid a moment ago is soon due, then the stack's environment
 * again.
 */
export function useCaseExpirySeconds(seconds: number): void {
  beforeAll(() => stubEnv({ CASE_EXPIRY_SECONDS: String(seconds) }));
  afterAll(() => {
    restoreEnv();
    useTestStack();
  });
}
