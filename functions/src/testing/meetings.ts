import type { MeetingRecord } from '../db/meetings';
import { scheduledMeeting, type MeetingIdentity } from '../features/cases/scheduled-meeting';

/**
 * A stored meeting for tests: as the paid transition creates it at `paidAt`, with made-up ids
 * and join links unless a test names its own.
 */
export function scheduledMeetingRecord(
  paidAt: string,
  identity: Partial<MeetingIdentity> = {},
): MeetingRecord {
  return scheduledMeeting(
    {
      id: 'meeting-1',
      caseId: 'case-1',
      zoomMeetingId: 'room-1',
      patientJoinUrl: 'http://localhost:3000/room/meeting-1?role=patient',
      providerJoinUrl: 'http://localhost:3000/room/meeting-1?role=provider',
      ...identity,
    },
    paidAt,
  );
}
