import { describe, expect, it } from 'vitest';
import type { CaseBundle } from '#db/cases/bundle';
import type { PaymentRecord } from '#db/payments';
import { paidCaseRecord, paymentRecord } from '#testing/cases';
import { scheduledMeetingRecord } from '#testing/meetings';
import { toCaseStatusResponse } from './views';

const paidAt = '2026-11-20T10:00:00.000Z';
/** The refund line is the same for whoever asks; these answers are the key holder's. */
const PATIENT = { patient: true };

function payment(
  refund: PaymentRecord['refund'],
  status: PaymentRecord['status'] = 'captured',
  createdAt = paidAt,
): PaymentRecord {
  return paymentRecord(createdAt, { status, refund });
}

function bundle(
  status: 'paid' | 'expired',
  refund: PaymentRecord['refund'],
  payments = [payment(refund)],
): CaseBundle {
  return {
    case: paidCaseRecord(paidAt, { status }),
    meeting: null,
    payments,
    attachments: [],
  };
}

const refund = (status: string) => ({
  id: 're_test_1',
  status,
  amount: 299,
  createdAt: paidAt,
});

describe('the money on the status page (issue 28 item 2)', () => {
  const money = (payments: PaymentRecord[], status: 'paid' | 'expired' = 'paid') =>
    toCaseStatusResponse(bundle(status, null, payments), PATIENT).money;

  it('is null before any payment', () => {
    expect(money([])).toBeNull();
  });

  it('says authorized, then charged or released, as the payment stands at Stripe', () => {
    expect(money([payment(null, 'authorized')])).toEqual({ state: 'authorized' });
    expect(money([payment(null, 'captured')])).toEqual({ state: 'charged' });
    expect(money([payment(null, 'voided')], 'expired')).toEqual({ state: 'released' });
  });

  it('says refunded once Stripe confirmed the refund of a payment charged at checkout', () => {
    expect(money([payment(refund('pending'))], 'expired')).toEqual({ state: 'charged' });
    expect(money([payment(refund('succeeded'))], 'expired')).toEqual({ state: 'refunded' });
  });

  it('follows the newest authorization of a case paid again after its first was released', () => {
    const released = payment(null, 'voided', '2026-11-20T10:00:00.000Z');
    const again = payment(null, 'authorized', '2026-11-20T10:31:00.000Z');
    expect(money([again, released])).toEqual({ state: 'authorized' });
    expect(money([released, again])).toEqual({ state: 'authorized' });
  });

  it('has no refund line for an expired case whose authorization was voided', () => {
    expect(
      toCaseStatusResponse(bundle('expired', null, [payment(null, 'voided')]), PATIENT).refund,
    ).toBeNull();
    expect(
      toCaseStatusResponse(bundle('expired', null, [payment(null, 'authorized')]), PATIENT).refund,
    ).toBeNull();
  });
});

describe('the refund on the status page (a payment charged at checkout)', () => {
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
  const scheduled = scheduledMeetingRecord(paidAt);
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
