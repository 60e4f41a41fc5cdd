import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function meetingAccessUrl(patientId: string): string {
  return `/api/patients/${encodeURIComponent(patientId)}/meeting-access`;
}

export interface MeetingAccessInput {
  patientId: string;
  meetingId: string;
  /** ISO timestamp of the join. */
  accessTime: string;
}

/** `POST /api/patients/{id}/meeting-access` {meetingId, accessTime}: records that the patient joined. */
export async function recordMeetingAccess({
  patientId,
  meetingId,
  accessTime,
}: MeetingAccessInput): Promise<void> {
  await apiRequest('POST', meetingAccessUrl(patientId), { meetingId, accessTime });
}

export function useRecordMeetingAccess() {
  return useMutation({
    mutationKey: ['video-access', 'meeting-access'],
    mutationFn: recordMeetingAccess,
    // The meeting opens whatever this answers (spec doc 1 §7); a failure is only logged.
    onError: () => console.warn('Recording the meeting access failed'),
  });
}
