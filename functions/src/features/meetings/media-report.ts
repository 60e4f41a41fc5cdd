import type { RoomServerMessage } from '@shared/meetings/signalling';
import { caseEndsAtMovedTx } from '#db/cases/call';
import type { RoomConnectionRecord } from '#db/connections';
import { meetingExtendedTx, saveMediaAccount, type MeetingMedia } from '#db/meeting-media';
import { writeConditionalTransaction } from '#db/transaction';
import { errorFields, type Logger } from '#lib/logger';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { pushToRoom } from '#lib/realtime/room-push';
import { moveMeetingEnd } from './end-schedule';
import { applyMediaReport } from './media-account';
import type { MediaGapOutcome } from './media-gap';

/**
 * `{action:'media', peerId, flowing}` from a party's current room page (features/rooms/
 * room-messages.ts checked the meeting, the seat and the page): the account follows it, and when
 * it ends a gap that took the lost time past the grace, the end moves once
 * (docs/adr/0019-dropped-call-time.md). The server decides: the meeting's and the case's
 * `endsAt` move in one transaction, then the Scheduler's end follows, both room pages hear
 * `MEETING_EXTENDED`, and the patient's pages refetch the status (it shows the new `endsAt`).
 * A report after the end, or one that changes nothing, is ignored.
 */
export async function handleMediaReport(
  connection: RoomConnectionRecord,
  flowing: boolean,
  log: Logger,
  now = new Date(),
): Promise<void> {
  const { caseId, meetingId, role } = connection;
  const written = await applyMediaReport(
    { caseId, meetingId, role },
    flowing,
    now,
    (read, outcome) =>
      outcome.extension
        ? extend(caseId, read, outcome.account, outcome.extension)
        : saveMediaAccount(caseId, read, outcome.account),
  );
  const extension = written?.outcome.extension;
  if (!extension) return;
  const endsAt = new Date(extension.endsAt).toISOString();
  const { extendedBySeconds } = extension;
  log.info('meeting extended for a dropped call', { caseId, meetingId, extendedBySeconds });
  const message: RoomServerMessage = {
    type: 'MEETING_EXTENDED',
    endsAt,
    extendedBySeconds,
    serverTime: new Date().toISOString(),
  };
  await Promise.all([
    // Stored already: a failed move leaves the old run, which finds the end not yet due.
    moveMeetingEnd({ caseId, meetingId }, endsAt).catch((error: unknown) =>
      log.error('meeting end schedule not moved', { caseId, meetingId, ...errorFields(error) }),
    ),
    pushToRoom(meetingId, message).catch((error: unknown) =>
      log.warn('meeting extension not pushed', { meetingId, ...errorFields(error) }),
    ),
    pushCaseUpdate(caseId, 'in_call', log),
  ]);
}

/** The account and both copies of `endsAt`, in one transaction: false when a condition failed. */
async function extend(
  caseId: string,
  read: MeetingMedia,
  account: MediaGapOutcome['account'],
  extension: NonNullable<MediaGapOutcome['extension']>,
): Promise<boolean> {
  if (read.endsAt === null) return false;
  const endsAt = new Date(extension.endsAt).toISOString();
  const refused = await writeConditionalTransaction([
    meetingExtendedTx(caseId, read, account, endsAt),
    caseEndsAtMovedTx(caseId, read.endsAt, endsAt),
  ]);
  return refused === null;
}
