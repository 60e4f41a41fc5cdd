import type { PaymentVerificationResponse, VideoAccessResponse } from '@shared/patients/api';
import type { CaseBundle } from '#db/cases/bundle';
import { currentPayment } from '#db/payments';
import type { PatientRecord } from '#db/patients';
import { isJoinableCaseStatus } from '@shared/cases/status';
import { effectiveMeeting } from '../cases/effective-meeting';
import { effectiveCase } from '../cases/claim-lease';
import { moneyView, refundView } from '../cases/views';

const isPaid = (bundle: CaseBundle) => bundle.case.paidAt !== null;

/**
 * `GET /api/patients/{id}/payment-verification` (spec doc 1 §3). The patient's name only to the
 * holder of the patient's key (`holder`, docs/adr/0012).
 */
export function toPaymentVerification(
  patient: PatientRecord,
  bundle: CaseBundle,
  { patient: holder }: { patient: boolean },
): PaymentVerificationResponse {
  return {
    paymentVerified: isPaid(bundle),
    meetingCreated: bundle.meeting !== null,
    providerAssigned: bundle.case.claimedBy !== null,
    patientName: holder ? patient.name : null,
    requestType: bundle.case.requestType,
    caseId: bundle.case.id,
    money: moneyView(bundle),
  };
}

/**
 * `GET /api/patients/{id}/video-access` (spec doc 1 §3, §5): access needs payment and a meeting;
 * the meeting URL is the patient's signed room link, until the meeting is over (past `endsAt`
 * it reads completed), and only to the holder of the patient's key (docs/adr/0012). An expired,
 * cancelled or completed case has no link: the page says what happened instead (issue 27 item 6).
 */
export function toVideoAccess(
  bundle: CaseBundle,
  { patient }: { patient: boolean },
  now = new Date(),
): VideoAccessResponse {
  const paid = isPaid(bundle);
  const meeting = bundle.meeting && effectiveMeeting(bundle.meeting, now);
  const payment = currentPayment(bundle.payments);
  const caseStatus = effectiveCase(bundle.case, now).status;
  const joinable =
    meeting !== null && meeting.status !== 'completed' && isJoinableCaseStatus(caseStatus);
  return {
    isPaid: paid,
    accessGranted: paid && meeting !== null && meeting.status !== 'cancelled',
    paymentStatus: paid ? 'verified' : 'pending',
    paymentId: payment?.id ?? null,
    meetingInfo: meeting
      ? {
          meetingId: meeting.id,
          meetingUrl: joinable && patient ? meeting.patientJoinUrl : null,
          status: meeting.status,
          providerName: bundle.case.claimedByName,
          scheduledTime: meeting.scheduledFor,
          meetingPassword: null,
          clinicalNotesAvailable: false,
        }
      : null,
    caseId: bundle.case.id,
    caseStatus,
    refund: refundView({ ...bundle, case: effectiveCase(bundle.case, now) }),
    money: moneyView(bundle),
  };
}
