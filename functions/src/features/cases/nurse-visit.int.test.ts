import { beforeEach, describe, expect, it } from 'vitest';
import { invokeCaseExpiry, useCaseExpirySeconds } from '#local/testing/expire-case';
import { caseStatus, newPaidPatientB } from '#local/testing/patient-journey';
import {
  dashboardCases,
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { claimCase } from '#local/testing/consultation-journey';
import { useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { stripe } from '#lib/stripe';
import * as caseContracts from '@shared/cases/contracts';
import { nurseVisitMessages, type NurseVisitStepRequest } from '@shared/cases/nurse-visit';
import type { CaseListView } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();

/**
 * A home nurse visit's own lifecycle (docs/adr/0022) against the local stack: the claim is not
 * leased, the nurse records the time, then marks the visit done or the patient not reached; only
 * the visit that did not happen is refunded, and the expiry never touches a visit a nurse took.
 * The expiry handler runs in this worker as the local Scheduler runs it (`invokeCaseExpiry`),
 * with a 1-second expiry so each visit here is long due by the time it runs.
 */
const EXPIRY_SECONDS = 1;
useCaseExpirySeconds(EXPIRY_SECONDS);

const ADDRESS = '12 Harbour Road, Tema, Greater Accra';

/** A paid home nurse visit (reading B), its expiry already due. */
async function paidNurseVisit(): Promise<string> {
  const { caseId } = await newPaidPatientB(stack, {
    symptoms: 'Wound dressing after surgery',
    requestType: 'nurse-visit',
    location: ADDRESS,
  });
  await new Promise((resolve) => setTimeout(resolve, EXPIRY_SECONDS * 1000 + 5));
  return caseId;
}

function step(provider: SignedInProvider, caseId: string, body: NurseVisitStepRequest) {
  return providerFetch(stack, provider, pathOf(caseContracts.recordNurseVisit, { caseId }), {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

const listed = (provider: SignedInProvider, view: CaseListView) =>
  dashboardCases(stack, provider, view);

async function intentIdOf(caseId: string): Promise<string> {
  const intent = (await getCaseBundle(caseId))?.payments[0]?.rawPayload.paymentIntentId;
  if (!intent) throw new Error('no payment intent recorded');
  return intent;
}

async function refundsOf(caseId: string) {
  return (await (await stripe()).refunds.list({ payment_intent: await intentIdOf(caseId) })).data;
}

async function intentOf(caseId: string) {
  return (await stripe()).paymentIntents.retrieve(await intentIdOf(caseId));
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('a home nurse visit', () => {
  // A provider holds one live claim at a time (MAX_ACTIVE_CLAIMS, 1 on the test stack), a nurse
  // visit's too: each test has nurses of its own.
  let nurse: SignedInProvider;
  let other: SignedInProvider;

  beforeEach(async () => {
    [nurse, other] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
  });

  it('shows its address area on the waiting card, never the street', async () => {
    const caseId = await paidNurseVisit();
    const card = (await listed(nurse, 'available')).find((summary) => summary.id === caseId);
    expect(card).toMatchObject({
      requestType: 'nurse-visit',
      nurseVisit: { area: 'Tema, Greater Accra', scheduledFor: null, outcome: null },
    });
    expect(JSON.stringify(card)).not.toContain('Harbour Road');
  });

  it('is claimed without a lease: it leaves the queue and holds until its end', async () => {
    const caseId = await paidNurseVisit();
    await claimCase(stack, nurse, caseId);

    expect((await getCaseBundle(caseId))?.case).toMatchObject({
      status: 'claimed',
      leaseEndsAt: null,
    });
    const mine = (await listed(nurse, 'mine')).find((summary) => summary.id === caseId);
    expect(mine).toMatchObject({ status: 'claimed', claimedByMe: true, claimExpiresAt: null });
    expect((await listed(other, 'available')).map((summary) => summary.id)).not.toContain(caseId);
    expect(await invokeCaseExpiry(caseId)).toEqual({ expired: false, refund: null });
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'claimed',
      nurseVisit: { scheduledFor: null, outcome: null },
    });
  });

  it('is recorded and done by its nurse only, and then never expires nor is refunded', async () => {
    const caseId = await paidNurseVisit();
    await claimCase(stack, nurse, caseId);

    const early = await step(nurse, caseId, { step: 'done' });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: nurseVisitMessages.timeFirst });

    const scheduledFor = inAnHour();
    const foreign = await step(other, caseId, { step: 'schedule', scheduledFor });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ message: nurseVisitMessages.notYours });

    const scheduled = await step(nurse, caseId, { step: 'schedule', scheduledFor });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toEqual({
      success: true,
      caseId,
      status: 'claimed',
      visit: { scheduledFor, outcome: null },
    });
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'claimed',
      nurseVisit: { scheduledFor, outcome: null },
    });
    expect(await invokeCaseExpiry(caseId)).toEqual({ expired: false, refund: null });

    const done = await step(nurse, caseId, { step: 'done' });
    expect(done.status).toBe(200);
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'completed',
      refund: null,
      money: { state: 'charged' },
      nurseVisit: { scheduledFor, outcome: 'done' },
    });
    const finished = (await listed(nurse, 'completed')).find((summary) => summary.id === caseId);
    expect(finished).toMatchObject({ status: 'completed', nurseVisit: { outcome: 'done' } });

    const again = await step(nurse, caseId, { step: 'not_reached' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: nurseVisitMessages.finished });
    expect(await invokeCaseExpiry(caseId)).toEqual({ expired: false, refund: null });
    expect((await caseStatus(stack, caseId)).status).toBe('completed');
    expect(await refundsOf(caseId)).toEqual([]);
    // The visit happened: captured once (docs/adr/0024).
    expect(await intentOf(caseId)).toMatchObject({ status: 'succeeded', amount_received: 299 });
    expect((await getCaseBundle(caseId))?.payments[0]?.settlement).toMatchObject({
      action: 'capture',
      why: 'nurse_visit_done',
    });
  });

  it('whose patient was not reached is cancelled and its authorization voided, once', async () => {
    const caseId = await paidNurseVisit();
    await claimCase(stack, nurse, caseId);

    const notReached = await step(nurse, caseId, { step: 'not_reached' });
    expect(notReached.status).toBe(200);
    expect(await notReached.json()).toMatchObject({
      status: 'cancelled',
      visit: { outcome: 'not_reached' },
    });
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'cancelled',
      refund: null,
      money: { state: 'released' },
      nurseVisit: { outcome: 'not_reached' },
    });
    // Sent again (a retry after a failed void): still one void, nothing charged or refunded.
    expect((await step(nurse, caseId, { step: 'not_reached' })).status).toBe(200);
    expect(await invokeCaseExpiry(caseId)).toEqual({ expired: false, refund: null });
    expect(await refundsOf(caseId)).toEqual([]);
    expect(await intentOf(caseId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect((await getCaseBundle(caseId))?.payments[0]?.settlement).toMatchObject({
      action: 'void',
      why: 'nurse_visit_not_reached',
    });
  });

  it('takes no step before its claim, and a video consultation takes none', async () => {
    const waiting = await paidNurseVisit();
    const unclaimed = await step(nurse, waiting, { step: 'schedule', scheduledFor: inAnHour() });
    expect(unclaimed.status).toBe(409);
    expect(await unclaimed.json()).toMatchObject({ message: nurseVisitMessages.notClaimed });

    const { caseId: call } = await newPaidPatientB(stack, { requestType: 'telemedicine' });
    await claimCase(stack, other, call);
    const video = await step(other, call, { step: 'done' });
    expect(video.status).toBe(409);
    expect(await video.json()).toMatchObject({ message: nurseVisitMessages.notNurseVisit });
  });
});
