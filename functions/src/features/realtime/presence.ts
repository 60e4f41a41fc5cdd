import type { PatientPresenceMessage } from '@shared/realtime/api';
import { recordPatientSeen, type SeenCase } from '#db/case-presence';
import { caseConnectionIds, providerConnections } from '#db/connections';
import { settleWithLimit } from '#lib/concurrency';
import { errorFields, type Logger } from '#lib/logger';
import { pushToConnection } from '#lib/realtime/push';
import { checkListeners } from '#lib/realtime/listeners';

/**
 * The provider who holds the case now and so may hear of its patient: the claimer while the
 * claim's lease runs (a lapsed claim, not yet released by its schedule, holds nothing, as
 * `effectiveCase` reads it), the doctor of the call once it started; nobody otherwise.
 */
export function presenceListener(seen: SeenCase, now: Date): string | null {
  if (!seen.claimedBy) return null;
  if (seen.status === 'in_call') return seen.claimedBy;
  if (seen.status !== 'claimed') return null;
  return seen.leaseEndsAt && Date.parse(seen.leaseEndsAt) > now.getTime() ? seen.claimedBy : null;
}
/** A doctor has a dashboard or a few open. */
const PRESENCE_PUSH_CONCURRENCY = 4;

/**
 * A patient page of the case connected or closed its case socket (issue 27 item 1): the case's
 * `patientSeenAt` moves to now and `patientPresent` says whether a page is still open (the
 * dashboard's cases carry both to their holder), and the doctor who holds the case (claimed or in the call) hears
 * `PATIENT_PRESENCE` on their dashboard sockets whose session and account are still good. Only
 * that doctor: presence is about one patient, no other provider's business. `present` is whether
 * a patient page of the case is still connected after this change. Like the other pushes a
 * convenience (the dashboard also reads presence with its cases): it never throws.
 */
export async function pushPatientPresence(
  caseId: string,
  log: Logger,
  now = new Date(),
): Promise<void> {
  try {
    // Counted after this page's connection was saved or forgotten: the pages still open.
    const present = (await caseConnectionIds(caseId)).length > 0;
    const seen = await recordPatientSeen(caseId, now, present);
    const holder = seen && presenceListener(seen, now);
    if (!holder) return;
    const { allowed } = await checkListeners(await providerConnections(holder), now.getTime());
    const message: PatientPresenceMessage = {
      type: 'PATIENT_PRESENCE',
      caseId,
      present,
      lastSeenAt: seen.patientSeenAt,
    };
    const results = await settleWithLimit(allowed, PRESENCE_PUSH_CONCURRENCY, (connection) =>
      pushToConnection(connection.connectionId, message),
    );
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) log.warn('presence pushes failed', { caseId, failed });
  } catch (error) {
    log.warn('presence not pushed', { caseId, ...errorFields(error) });
  }
}
