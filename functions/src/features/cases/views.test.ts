import { describe, expect, it } from 'vitest';
import type { CaseBundle } from '../../db/cases';
import type { MeetingRecord } from '../../db/meetings';
import type { PaymentRecord } from '../../db/payments';
import { paidCaseRecord } from '../../testing/cases';
import { toCaseStatusResponse } from './views';

const paidAt = '2026-11-20T10:00:00.000Z';
/** The refund line is the same for whoever asks; these answers are the key holder's. */
const PATIENT = { patient: true };

function payment(refund: PaymentRecord['refund']): PaymentRecord {
  return {
    id: 'payment-1',
    caseId: 'case-1',
    provider: 'stripe',
    status: 'paid',
    rawPayload: {
      checkoutSessionId: 'cs_test_1',
      paymentIntentId: 'pi_test_1',
      amountTotal: 299,
      currency: 'usd',
      eventId: null,
    },
    createdAt: paidAt,
    refund,
  };
}

function bundle(status: 'paid' | 'expired', refund: PaymentRecord['refund']): CaseBundle {
  return {
    case: paidCaseRecord(paidAt, { status }),
    meeting: null,
    payments: [payment(refund)],
    attachments: [],
  };
}

const refund = (status: string) => ({
  id: 're_test_1',
  status,
  amount: 299,
  createdAt: paidAt,
});

describe('the refund on the status page', () => {
  it('is null for a case that did not expire', () => {
    expect(toCaseStatusResponse(bundle('paid', null), PATIENT).refund).toBeNull();
  });

  it('is pending from the expiry until Stripe answered', () => {
    expect(toCaseStatusResponse(bundle('expired', null), PATIENT).refund).toEqual({
      status: 'pending',
    });
    expect(toCaseStatusResponse(bundle('expired', refund('pending')), PATIENT).refund).toEqual({
      status: 'pending',
    });
    expect(
      toCaseStatusResponse(bundle('expired', refund('requires_action')), PATIENT).refund,
    ).toEqual({
      status: 'pending',
    });
  });

  it('says what Stripe said once it answered', () => {
    expect(toCaseStatusResponse(bundle('expired', refund('succeeded')), PATIENT).refund).toEqual({
      status: 'succeeded',
    });
    expect(toCaseStatusResponse(bundle('expired', refund('failed')), PATIENT).refund).toEqual({
      status: 'failed',
    });
    expect(toCaseStatusResponse(bundle('expired', refund('canceled')), PATIENT).refund).toEqual({
      status: 'failed',
    });
  });
});

describe("the patient's join link on the status page", () => {
  const scheduled: MeetingRecord = {
    id: 'meeting-1',
    caseId: 'case-1',
    zoomMeetingId: 'room-1',
    patientJoinUrl: 'http://localhost:3000/room/meeting-1?role=patient',
    providerJoinUrl: 'http://localhost:3000/room/meeting-1?role=provider',
    scheduledFor: paidAt,
    duration: 15,
    startedAt: null,
    endsAt: null,
    endedAt: null,
    status: 'scheduled',
    autoEndTimerId: null,
    patientLastAccessAt: null,
    createdAt: paidAt,
  };
  const withMeeting = (status: 'paid' | 'expired' | 'cancelled'): CaseBundle => ({
    ...bundle('paid', null),
    case: paidCaseRecord(paidAt, { status }),
    meeting: scheduled,
  });

  it('is handed to the key holder while the case waits for its call', () => {
    expect(toCaseStatusResponse(withMeeting('paid'), PATIENT).meeting?.patientJoinUrl).toBe(
      scheduled.patientJoinUrl,
    );
  });

  it('is withheld once the case expired or was cancelled, though the meeting stays scheduled', () => {
    expect(
      toCaseStatusResponse(withMeeting('expired'), PATIENT).meeting?.patientJoinUrl,
    ).toBeNull();
    expect(
      toCaseStatusResponse(withMeeting('cancelled'), PATIENT).meeting?.patientJoinUrl,
    ).toBeNull();
  });
});
