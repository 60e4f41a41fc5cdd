import { MEETING_DURATION_MINUTES } from '@shared/payments/constants';
import type { MeetingRecord } from '#db/meetings';

/** What names one meeting: its ids and its two join links (minted with `room-links.ts`). */
export type MeetingIdentity = Pick<
  MeetingRecord,
  'id' | 'caseId' | 'zoomMeetingId' | 'patientJoinUrl' | 'providerJoinUrl'
>;

/**
 * A telemedicine case's meeting as the paid transition creates it (`markCasePaid`): scheduled
 * at the payment for MEETING_DURATION_MINUTES, not started, with no end timer yet.
 */
export function scheduledMeeting(identity: MeetingIdentity, paidAt: string): MeetingRecord {
  return {
    ...identity,
    scheduledFor: paidAt,
    duration: MEETING_DURATION_MINUTES,
    startedAt: null,
    endsAt: null,
    endedAt: null,
    status: 'scheduled',
    autoEndTimerId: null,
    patientLastAccessAt: null,
    createdAt: paidAt,
  };
}
