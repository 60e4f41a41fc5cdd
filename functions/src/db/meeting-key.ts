import { partitions, type ItemKey } from './keys';

/**
 * One meeting per telemedicine case, in the case's partition. Apart from the record's schema
 * (db/meetings.ts), so `$disconnect`, which writes the meeting's media account
 * (db/meeting-media.ts), bundles no schema library.
 */
export const meetingKey = (caseId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: 'MEETING',
});
