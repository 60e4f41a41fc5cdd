import * as z from 'zod';
import { getCaseBundle } from '#db/cases/bundle';
import { env } from '#core/env';
import { errorFields, type Logger } from '#lib/logger';
import { ensureScheduleOnce } from '#lib/scheduler';
import { providerJoinedCall } from '../cases/call-joins';
import { releaseUnjoinedCall } from '../cases/call-transitions';
import { announceCase } from '#lib/realtime/announce';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { tellRoom } from './end';
import { cancelMeetingEnd } from './end-schedule';

/**
 * What the join check's schedule hands `meetings/end-meeting` (docs/adr/0023): the same function
 * as the end, told apart by `check`, so no new function, target or Scheduler grant is needed.
 * `startedAt` names the start it checks: a later start (another doctor's) has its own check.
 */
export const providerJoinCheckInputSchema = z.object({
  check: z.literal('provider_join'),
  caseId: z.uuid(),
  meetingId: z.uuid(),
  startedAt: z.iso.datetime(),
});
export type ProviderJoinCheckInput = z.infer<typeof providerJoinCheckInputSchema>;

/** One schedule per start of a meeting. */
export function providerJoinCheckScheduleName(meetingId: string, startedAt: string): string {
  return `meeting-join-check-${meetingId}-${Date.parse(startedAt)}`;
}

/**
 * The one-time schedule at `startedAt + PROVIDER_JOIN_GRACE_SECONDS` that releases the call if
 * the doctor's room page never entered it. An existing one (a retried start) is kept.
 */
export async function scheduleProviderJoinCheck(
  input: Omit<ProviderJoinCheckInput, 'check'>,
  graceSeconds = env.providerJoinGraceSeconds,
): Promise<void> {
  await ensureScheduleOnce({
    name: providerJoinCheckScheduleName(input.meetingId, input.startedAt),
    at: new Date(Date.parse(input.startedAt) + graceSeconds * 1000),
    targetArn: env.meetingEndTargetArn,
    input: { check: 'provider_join', ...input } satisfies ProviderJoinCheckInput,
  });
}

export type ProviderJoinOutcome =
  /** The doctor never joined: the case is back in the queue, its patient told. */
  | { outcome: 'released' }
  /** The doctor's room page entered the call: nothing to do. */
  | { outcome: 'joined' }
  /** The call this check was made for is not running any more (ended, released, restarted). */
  | { outcome: 'not_in_call' };

/**
 * The doctor started the call but their room page never entered it (a blocked tab, a closed
 * laptop): the case goes back to the queue (`paid`, `callOutcome: provider_no_show`) and its
 * meeting to `scheduled`, so another doctor may claim and start it (docs/adr/0023). Then the
 * end schedule is deleted, the room (the patient's page, if open) hears the end and is closed,
 * the patient's pages and every live dashboard are told. Idempotent: a second run finds nothing
 * to release.
 */
export async function releaseIfProviderAbsent(
  input: ProviderJoinCheckInput,
  log: Logger,
): Promise<ProviderJoinOutcome> {
  const bundle = await getCaseBundle(input.caseId);
  const running =
    bundle?.meeting?.id === input.meetingId &&
    bundle.case.status === 'in_call' &&
    bundle.case.startedAt === input.startedAt;
  if (!bundle || !running) return { outcome: 'not_in_call' };
  if (providerJoinedCall(bundle.case)) return { outcome: 'joined' };
  if (!(await releaseUnjoinedCall(bundle))) {
    // The doctor joined (or the call ended) between the read and the write.
    return { outcome: 'not_in_call' };
  }
  const { caseId, meetingId } = input;
  log.info('call released: the provider never joined', { caseId, meetingId });
  await cancelMeetingEnd(meetingId).catch((error: unknown) =>
    log.warn('meeting end schedule not deleted', { caseId, ...errorFields(error) }),
  );
  await Promise.all([
    tellRoom(meetingId, new Date().toISOString(), 'provider', log),
    pushCaseUpdate(caseId, 'paid', log),
    announceCase('CASE_PAID_READY', bundle.case, log),
  ]);
  return { outcome: 'released' };
}
