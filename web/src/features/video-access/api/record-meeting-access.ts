import { useMutation } from '@tanstack/react-query';
import { recordMeetingAccess as recordMeetingAccessRoute } from '@shared/patients/contracts';
import { send } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';

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
  // The answer is not read: the meeting opens whatever it says (spec doc 1 §7).
  await send(recordMeetingAccessRoute, {
    params: { patientId },
    body: { meetingId, accessTime },
    headers: patientKeyHeaders(patientId),
  });
}

export function useRecordMeetingAccess() {
  return useMutation({
    mutationKey: ['video-access', 'meeting-access'],
    mutationFn: recordMeetingAccess,
    // The meeting opens whatever this answers (spec doc 1 §7); a failure is only logged.
    onError: () => console.warn('Recording the meeting access failed'),
  });
}
