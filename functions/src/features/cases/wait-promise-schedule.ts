import * as z from 'zod';
import { env } from '#core/env';
import { createLogger, errorFields } from '#lib/logger';
import { scheduleOnce } from '#lib/scheduler';

/**
 * What the wait promise's schedule hands `cases/lapse-wait-promise` (docs/adr/0025): which case
 * and which of its authorizations the promise was made for.
 */
export const waitPromiseInputSchema = z.object({
  caseId: z.uuid(),
  authorization: z.number().int().positive(),
});
export type WaitPromiseInput = z.infer<typeof waitPromiseInputSchema>;

/** One schedule per authorization: "Keep waiting" authorizes again and gets its own. */
export function waitPromiseScheduleName(caseId: string, authorization: number): string {
  return `wait-promise-${caseId}-${authorization}`;
}

/** When a promise made at `authorizedAt` ends: WAIT_PROMISE_MINUTES later. */
export function waitPromiseEndsAt(authorizedAt: Date, minutes = env.waitPromiseMinutes): Date {
  return new Date(authorizedAt.getTime() + minutes * 60_000);
}

const log = createLogger({ route: 'cases/wait-promise-schedule' });

/**
 * The one-time schedule that keeps the wait promise of authorization `authorization` of a case
 * (issue 28 item 3): at `authorizedAt + WAIT_PROMISE_MINUTES`, a case no doctor started goes
 * back to awaiting payment and its authorization is voided. Called after the paid transaction,
 * beside the expiry schedule: the payment stands whatever Scheduler does, so a failure is
 * logged (an alarm's matter: the case then waits until its expiry, which voids it too) and
 * never fails the payment.
 */
export async function scheduleWaitPromise(
  caseId: string,
  authorization: number,
  authorizedAt: Date,
): Promise<void> {
  const input: WaitPromiseInput = { caseId, authorization };
  try {
    await scheduleOnce({
      name: waitPromiseScheduleName(caseId, authorization),
      at: waitPromiseEndsAt(authorizedAt),
      targetArn: env.waitPromiseTargetArn,
      input,
    });
  } catch (error) {
    log.error('wait promise schedule failed', {
      caseId,
      dependency: 'scheduler',
      ...errorFields(error),
    });
  }
}
