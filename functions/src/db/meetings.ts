import * as z from 'zod';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { updateItem, type StoredItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

export const MEETING_ENTITY = 'Meeting';
const entity = { tag: MEETING_ENTITY };

/** One meeting per telemedicine case, in the case's partition. */
export const meetingKey = (caseId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: 'MEETING',
});

export const meetingRecordSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  zoomMeetingId: z.string(),
  patientJoinUrl: z.string(),
  providerJoinUrl: z.string(),
  scheduledFor: z.string(),
  duration: z.number().int(),
  startedAt: z.string().nullable(),
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
