import * as z from 'zod';
import { env } from '#core/env';
import { createLogger, errorFields } from '#lib/logger';
import { scheduleOnce } from '#lib/scheduler';

/** What the expiry schedule hands `cases/expire-case`: which case. */
export const caseExpiryInputSchema = z.object({ caseId: z.uuid() });
export type CaseExpiryInput = z.infer<typeof caseExpiryInputSchema>;

/** One schedule per case: a case is paid once. */
export function caseExpiryScheduleName(caseId: string): string {
  return `case-expiry-${caseId}`;
}

export function caseExpiresAt(paidAt: Date, expirySeconds = env.caseExpirySeconds): Date {
  return new Date(paidAt.getTime() + expirySeconds * 1000);
}

const log = createLogger({ route: 'cases/case-expiry-schedule' });

/**
 * The one-time schedule that expires and refunds a paid case nobody starts (DESIGN.md §5), at
 * `paidAt + CASE_EXPIRY_SECONDS`. Called after the paid transaction: the payment stands whatever
 * Scheduler does, so a failure is logged (an alarm's matter: that case would not expire by
 * itself) and never fails the payment. A replayed payment never gets here (it loses the
 * transaction), and Scheduler refuses a second schedule of the same name.
 */
export async function scheduleCaseExpiry(caseId: string, paidAt: Date): Promise<void> {
  const input: CaseExpiryInput = { caseId };
  try {
    await scheduleOnce({
      name: caseExpiryScheduleName(caseId),
      at: caseExpiresAt(paidAt),
      targetArn: env.caseExpiryTargetArn,
      input,
    });
  } catch (error) {
    log.error('case expiry schedule failed', {
      caseId,
      dependency: 'scheduler',
      ...errorFields(error),
    });
  }
}
