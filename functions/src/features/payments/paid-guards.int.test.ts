import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RequestType } from '@shared/patients/request';
import { STRIPE_TEST_CARDS, payWithCard, postJson } from '#local/testing/patient-journey';
import { useTestStack } from '#local/testing/stack-context';
import { checkoutSessionOutsideApp } from '#local/testing/stripe-sessions';
import { getCaseBundle } from '#db/cases/bundle';
import { insertPatientWithCase } from '#db/cases/create';
import type { CaseRecord } from '#db/cases/record';
import { meetingTx } from '#db/meetings';
import { stripeEventTx } from '#db/stripe-events';
import { writeTransaction } from '#db/transaction';
import { stripe } from '#lib/stripe';
import { scheduledMeetingRecord } from '#testing/meetings';
import { newPatientAndCase } from '../cases/new-case';
import { markCasePaid } from '../cases/transitions';
import type { PaymentEvidence } from './evidence';
import { pathOf } from '@shared/http/contract';
import * as paymentContracts from '@shared/payments/contracts';

/**
 * The paid transition is kept to one effect by four guards (`markCasePaid`): the status
 * pre-check, the case's status condition, the meeting's key condition and the Stripe event
 * marker. Each test here puts the data in a state where exactly one guard stands between a
 * second delivery and a second effect, so removing that guard fails its test. A stale case
 * record (read before the first payment, as a concurrent delivery reads it) gets past the
 * pre-check to reach the transaction's guards.
 */
const stack = useTestStack();

async function storedCase(
  requestType: RequestType,
  overrides: Partial<CaseRecord> = {},
): Promise<CaseRecord> {
  const { patient, caseRecord } = newPatientAndCase({
    source: 'patient',
    name: 'Guard Patient',
    email: null,
    phone: '+233201234567',
    contactInfo: '+233201234567',
    requestType,
    triageSummary: 'Sore throat',
    history: '',
    location: requestType === 'nurse-visit' ? 'Accra' : '',
    medicalFiles: [],
    metadata: {},
  });
  const stored = { ...caseRecord, ...overrides };
  await insertPatientWithCase(patient, stored);
  return stored;
}

function evidence(caseId: string, eventId: string | null): PaymentEvidence {
  return {
    checkoutSessionId: `cs_test_${randomUUID()}`,
    clientReferenceId: caseId,
    sessionStatus: 'complete',
    paymentIntentId: `pi_${randomUUID()}`,
    intent: { status: 'requires_capture', amount: 299, currency: 'usd', caseId },
    eventId,
  };
}

async function stored(caseId: string) {
  const bundle = await getCaseBundle(caseId);
  if (!bundle) throw new Error(`case ${caseId} is gone`);
  return bundle;
}

describe('each guard of the paid transition on its own', () => {
  it('the case status condition: a second payment of a nurse visit (no meeting, new event) is refused', async () => {
    const stale = await storedCase('nurse-visit');
    const first = evidence(stale.id, `evt_${randomUUID()}`);
    await expect(markCasePaid(stale, first)).resolves.toMatchObject({
      outcome: 'paid',
      meeting: null,
    });
    // Only the case's condition is left: no meeting key, another event, a stale record.
    const second = evidence(stale.id, `evt_${randomUUID()}`);
    await expect(markCasePaid(stale, second)).resolves.toEqual({ outcome: 'already_paid' });
    const bundle = await stored(stale.id);
    expect(bundle.case.status).toBe('paid');
    expect(bundle.meeting).toBeNull();
    expect(bundle.payments.map((payment) => payment.rawPayload.checkoutSessionId)).toEqual([
      first.checkoutSessionId,
    ]);
  });

  it('the meeting key condition: a meeting that exists is never replaced', async () => {
    const caseRecord = await storedCase('telemedicine');
    const existing = scheduledMeetingRecord(new Date().toISOString(), {
      id: randomUUID(),
      caseId: caseRecord.id,
    });
    await writeTransaction([meetingTx(existing)]);
    // Only the meeting's condition is left: the case awaits payment, no event marker.
    await expect(markCasePaid(caseRecord, evidence(caseRecord.id, null))).rejects.toThrow(
      /paid transaction was cancelled/,
    );
    const bundle = await stored(caseRecord.id);
    expect(bundle.meeting).toEqual(existing);
    expect(bundle.case.status).toBe('awaiting_payment');
    expect(bundle.payments).toEqual([]);
  });

  it('the event marker: an event processed before never acts again', async () => {
    const caseRecord = await storedCase('nurse-visit');
    const eventId = `evt_${randomUUID()}`;
    await writeTransaction([stripeEventTx(eventId, caseRecord.id, new Date())]);
    // Only the marker is left: the case awaits payment and a nurse visit has no meeting.
    await expect(markCasePaid(caseRecord, evidence(caseRecord.id, eventId))).resolves.toEqual({
      outcome: 'duplicate_event',
    });
    const bundle = await stored(caseRecord.id);
    expect(bundle.case.status).toBe('awaiting_payment');
    expect(bundle.payments).toEqual([]);
  });

  it('the status pre-check: a case closed unpaid is not reported paid, and its payment goes back', async () => {
    // A session Stripe holds for the case, then the case is closed (cancelled) before it is paid.
    const caseId = randomUUID();
    const session = await checkoutSessionOutsideApp(stack, caseId, {
      productName: 'Home nurse visit',
    });
    const caseRecord = await storedCase('nurse-visit', {
      id: caseId,
      status: 'cancelled',
      checkoutSessionId: session.id,
    });
    // The conditions alone would fail the transaction and read as "already paid"; only the
    // pre-check tells a closed case from a paid one.
    expect((await payWithCard(stack, session.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
    const sync = await postJson(stack, pathOf(paymentContracts.manualPaymentComplete, {}), {
      caseId: caseRecord.id,
    });
    expect(sync.status).toBe(409);
    expect(await sync.json()).toMatchObject({ success: false, paid: false });
    const bundle = await stored(caseRecord.id);
    expect(bundle.case.status).toBe('cancelled');
    expect(bundle.case.paidAt).toBeNull();
    expect(bundle.payments).toEqual([]);

    const paid = await (await stripe()).checkout.sessions.retrieve(session.id);
    expect(typeof paid.payment_intent).toBe('string');
    const refunds = await (
      await stripe()
    ).refunds.list({ payment_intent: paid.payment_intent as string });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([299]);
  });
});
