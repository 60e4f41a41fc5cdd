import * as z from 'zod';
import { getCaseBundle } from '#db/cases/bundle';
import type { CaseClaim } from '#db/cases/claims';
import { env } from '#core/env';
import { errorFields, type Logger } from '#lib/logger';
import { scheduleOnce } from '#lib/scheduler';
import { caseAlert } from '#lib/realtime/announce';
import { broadcastToProviders } from '#lib/realtime/broadcast';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { dismissLapsedDoctor } from '#lib/realtime/room-parties';
import { releaseLapsedClaim } from './transitions';

/** What the lease-end schedule hands the release function: which claim to release. */
export const claimReleaseInputSchema = z.object({
  caseId: z.uuid(),
  providerId: z.string().min(1),
  claimedAt: z.iso.datetime(),
});
export type ClaimReleaseInput = z.infer<typeof claimReleaseInputSchema>;

/** One schedule per claim: a re-claim after a lapse gets its own. */
export function claimReleaseScheduleName(caseId: string, claimedAt: string): string {
  return `claim-release-${caseId}-${Date.parse(claimedAt)}`;
}

/** A one-time Scheduler schedule at the lease end that releases this claim if still unstarted. */
export async function scheduleClaimRelease(caseId: string, claim: CaseClaim): Promise<void> {
  // A claim without a lease (a home nurse visit, docs/adr/0022) is never released.
  if (claim.leaseEndsAt === null) return;
  const input: ClaimReleaseInput = {
    caseId,
    providerId: claim.providerId,
    claimedAt: claim.claimedAt,
  };
  await scheduleOnce({
    name: claimReleaseScheduleName(caseId, claim.claimedAt),
    at: new Date(claim.leaseEndsAt),
    targetArn: env.claimReleaseTargetArn,
    input,
  });
}

/**
 * Returns a lapsed claim to the queue (once), closes that doctor's room connections, tells every
 * live dashboard the case is ready again and the patient's pages that no doctor holds it (issue
 * 12). False when the claim was
 * started, re-claimed or released already.
 */
export async function releaseClaimAndAlert(
  input: ClaimReleaseInput,
  log: Logger,
  now = new Date(),
): Promise<boolean> {
  const released = await releaseLapsedClaim(input.caseId, input, now);
  if (!released) return false;
  const [bundle] = await Promise.all([
    getCaseBundle(input.caseId),
    pushCaseUpdate(input.caseId, 'paid', log),
  ]);
  if (bundle?.meeting) {
    // The doctor's room page goes with the claim: nothing of the next doctor's call reaches it.
    // Each message re-checks the claim as well, so a close that failed only logs.
    const { id: meetingId } = bundle.meeting;
    await dismissLapsedDoctor(meetingId, input.providerId).catch((error: unknown) =>
      log.warn('lapsed doctor room connections not closed', { meetingId, ...errorFields(error) }),
    );
  }
  if (bundle) {
    await broadcastToProviders(caseAlert('CASE_PAID_READY', bundle.case), log);
  }
  return true;
}
