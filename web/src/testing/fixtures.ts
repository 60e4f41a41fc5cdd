import type { CaseStatusResponse, PatientMeeting } from '@shared/cases/api';
import type { CaseStatus } from '@shared/cases/status';
import type { ClientConfig } from '@shared/config/client-config';
import type { PaymentVerificationResponse } from '@shared/patients/api';

/** Ids and settings the page tests share. */

export const CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';
export const PATIENT_ID = '0b5e7c1a-3f2d-4e6b-8a9c-1d2e3f4a5b6c';
/** The patient's key the intake returned for the fixture case (docs/adr/0012): 43 characters. */
export const PATIENT_KEY = 'k'.repeat(43);
/** A patient room token of the fixture case (`{caseId}.{expiresAt}.{signature}`). */
export const PATIENT_ROOM_TOKEN = `${CASE_ID}.4102444800000.signature`;

/** What `GET /api/config` answers in tests. */
export const TEST_CONFIG: ClientConfig = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://127.0.0.1:12111/v3/stripe.js',
  supportEmail: 'support@telehealth.test',
  triageRegion: 'default',
  waitPromiseMinutes: 30,
};

/** A meeting as `GET /api/cases/{caseId}/status` answers it, not started yet. */
export const PATIENT_MEETING: PatientMeeting = {
  id: 'meeting-1',
  duration: 15,
  scheduledFor: '2025-01-05T15:04:00.000Z',
  patientJoinUrl: 'https://app.example.test/room/meeting-1?token=patient',
  zoomMeetingId: 'ROOM-4821',
  status: 'scheduled',
  startedAt: null,
  endsAt: null,
  endedAt: null,
};

/** A case status answer (the visit and processing pages poll it); a meeting once paid. */
export function caseStatusAnswer(
  status: CaseStatus,
  overrides: Partial<CaseStatusResponse> = {},
): CaseStatusResponse {
  return {
    caseId: CASE_ID,
    status,
    requestType: 'telemedicine',
    paidAt: status === 'awaiting_payment' ? null : '2025-01-05T15:04:00.000Z',
    meeting: status === 'awaiting_payment' ? null : PATIENT_MEETING,
    claimedBy: null,
    refund: null,
    money: null,
    nurseVisit: null,
    callOutcome: null,
    waitPromise: null,
    ...overrides,
  };
}

/**
 * A payment verification answer (`GET /api/patients/{patientId}/payment-verification`) of the
 * fixture case: paid, the card authorized, no meeting nor doctor yet.
 */
export function paymentVerificationAnswer(
  overrides: Partial<PaymentVerificationResponse> = {},
): PaymentVerificationResponse {
  return {
    paymentVerified: true,
    meetingCreated: false,
    providerAssigned: false,
    patientName: 'Ama Mensah',
    requestType: 'telemedicine',
    caseId: CASE_ID,
    money: { state: 'authorized' },
    ...overrides,
  };
}
