import * as z from 'zod';
import { meetingKey } from './meeting-key';
import { parseStored } from './records';
import { updateItem, type StoredItem } from './table';
import { newItemTx, updateTx, type TransactItem } from './transaction';

export const MEETING_ENTITY = 'Meeting';
const entity = { tag: MEETING_ENTITY };

export { meetingKey };

export const meetingRecordSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  zoomMeetingId: z.string(),
  patientJoinUrl: z.string(),
  providerJoinUrl: z.string(),
  scheduledFor: z.string(),
  duration: z.number().int(),
  startedAt: z.string().nullable(),
  /** `startedAt + MEETING_DURATION_SECONDS`: the authority on the end (DESIGN.md §7). */
  endsAt: z.string().nullable().default(null),
  endedAt: z.string().nullable(),
  status: z.enum(['scheduled', 'active', 'completed', 'cancelled']),
  autoEndTimerId: z.string().nullable(),
  patientLastAccessAt: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type MeetingRecord = z.infer<typeof meetingRecordSchema>;

export const isMeetingItem = (item: StoredItem): boolean => item.sk === 'MEETING';

export const parseMeeting = (item: StoredItem): MeetingRecord =>
  parseStored(meetingRecordSchema, entity, item);

export function meetingTx(meeting: MeetingRecord): TransactItem {
  return newItemTx({ ...meetingKey(meeting.caseId), entity: MEETING_ENTITY, ...meeting });
}

/**
 * The meeting's move scheduled → active, as a transaction item (with the case's claimed →
 * in_call): the clock and the name of the schedule that ends it.
 */
export function meetingStartedTx(
  caseId: string,
  meetingId: string,
  start: { startedAt: string; endsAt: string; autoEndTimerId: string },
): TransactItem {
  return updateTx(meetingKey(caseId), {
    UpdateExpression:
      'SET #status = :active, startedAt = :startedAt, endsAt = :endsAt, autoEndTimerId = :timer',
    ConditionExpression: 'id = :meetingId AND #status = :scheduled',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':active': 'active',
      ':scheduled': 'scheduled',
      ':startedAt': start.startedAt,
      ':endsAt': start.endsAt,
      ':timer': start.autoEndTimerId,
      ':meetingId': meetingId,
    },
  });
}

/**
 * The meeting's move active → completed, as a transaction item (with the case's): only with the
 * `endsAt` its caller read, so an end computed from a clock that a dropped call's extension moved
 * meanwhile (db/meeting-media.ts) fails and is computed again from the new one.
 */
export function meetingCompletedTx(
  caseId: string,
  meetingId: string,
  endedAt: string,
  endsAt: string | null,
  /** `cancelled`: the patient never joined the call (docs/adr/0023). */
  to: 'completed' | 'cancelled' = 'completed',
): TransactItem {
  return updateTx(meetingKey(caseId), {
    UpdateExpression: 'SET #status = :completed, endedAt = :endedAt',
    ConditionExpression: 'id = :meetingId AND #status = :active AND endsAt = :endsAt',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': to,
      ':active': 'active',
      ':endedAt': endedAt,
      ':meetingId': meetingId,
      ':endsAt': endsAt,
    },
  });
}

/**
 * The meeting's move active → scheduled, as a transaction item (with the case's in_call → paid,
 * docs/adr/0023): the doctor who started it never joined, so the next doctor starts it afresh.
 * Its clock, its end schedule's name and its dropped-call account are cleared.
 */
export function meetingResetTx(caseId: string, meetingId: string): TransactItem {
  return updateTx(meetingKey(caseId), {
    UpdateExpression:
      'SET #status = :scheduled, startedAt = :none, endsAt = :none, autoEndTimerId = :none ' +
      'REMOVE mediaGap',
    ConditionExpression: 'id = :meetingId AND #status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':scheduled': 'scheduled',
      ':active': 'active',
      ':none': null,
      ':meetingId': meetingId,
    },
  });
}

/** Access pattern: record the patient joining, only for the case's current meeting. */
export async function recordPatientAccess(
  caseId: string,
  meetingId: string,
  accessTime: string,
): Promise<void> {
  await updateItem(meetingKey(caseId), {
    UpdateExpression: 'SET patientLastAccessAt = :at',
    ConditionExpression: 'id = :meetingId',
    ExpressionAttributeValues: { ':at': accessTime, ':meetingId': meetingId },
  });
}
