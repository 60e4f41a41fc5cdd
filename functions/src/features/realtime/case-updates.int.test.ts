import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAlertSocket, roundTrip, type AlertSocket } from '#local/testing/alert-socket';
import {
  caseTicket,
  caseUpdates,
  openCaseSocket,
  requestCaseTicket,
  expectCaseUpdate,
} from '#local/testing/case-socket';
import { claimCase, patientEntersRoom, startTimer } from '#local/testing/consultation-journey';
import {
  STRIPE_TEST_CARDS,
  caseStatus,
  createCheckout,
  newCaseId,
  newPaidCaseId,
  payForCase,
  patientHeaders,
  payWithCard,
  postJson,
  rememberPatientKey,
} from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { checkoutSessionOutsideApp } from '#local/testing/stripe-sessions';
import { getCaseBundle } from '#db/cases/bundle';
import { insertPatientWithCase } from '#db/cases/create';
import { CONNECT_SETTLE_MS, getConnection, saveConnection } from '#db/connections';
import { env } from '#core/env';
import { createLogger } from '#lib/logger';
import { adaIntake } from '#testing/cases';
import { expireAndRefund } from '../cases/case-expiry';
import { scheduleClaimRelease } from '../cases/claim-release';
import { newPatientAndCase } from '../cases/new-case';
import { claimPaidCase } from '../cases/transitions';
import { startMeetingTimer } from '../meetings/start';
import { issueCaseTicket } from './tickets';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import { PATIENT_KEY_REQUIRED } from '@shared/patients/patient-key';
import * as paymentContracts from '@shared/payments/contracts';

/**
 * Push to patient pages (issue 12, docs/adr/0007): a case ticket subscribes a socket to one
 * case, and every change a patient page shows pushes `CASE_UPDATED` to it, driven here through
 * the real routes, the Stripe stand-in's webhook and the local Scheduler.
 */

const stack = useTestStack();
const log = createLogger({ test: 'case-updates' });

let alice: SignedInProvider;
beforeAll(async () => {
  alice = await signInProvider(stack);
});

describe('case tickets', () => {
  it('are refused for an unknown case (404) and a malformed id (400)', async () => {
    const unknown = await requestCaseTicket(stack, randomUUID(), {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Case not found' });
    expect((await requestCaseTicket(stack, 'not-a-uuid', {})).status).toBe(400);
  });

  it("are refused (403) without the case's patient key: the case id alone is not the patient", async () => {
    const caseId = await newCaseId(stack);
    const other = await newCaseId(stack);
    for (const headers of [{}, patientHeaders(other)]) {
      const refused = await requestCaseTicket(stack, caseId, headers);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ message: PATIENT_KEY_REQUIRED });
    }
  });

  it('open one socket, once; a used or expired ticket is refused; a ping is answered', async () => {
    const caseId = await newCaseId(stack);
    const response = await requestCaseTicket(stack, caseId);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { ticket } = (await response.json()) as { ticket: string };
    const socket = await openAlertSocket(stack, ticket);
    await roundTrip(socket);
    await expect(openAlertSocket(stack, ticket)).rejects.toThrow(/401/);

    const expired = await issueCaseTicket(caseId, Date.now() - 31_000);
    await expect(openAlertSocket(stack, expired.ticket)).rejects.toThrow(/401/);
    await expect(
      openAlertSocket(stack, await caseTicket(stack, caseId), 'https://evil.example'),
    ).rejects.toThrow(/403/);
    socket.socket.close();
  });

  it("grant only their own case: case A's socket hears nothing of case B, nor any alert", async () => {
    const [caseA, caseB] = await Promise.all([newCaseId(stack), newCaseId(stack)]);
    const [socketA, socketB] = await Promise.all([
      openCaseSocket(stack, caseA),
      openCaseSocket(stack, caseB),
    ]);
    // B is paid (a provider alert goes out too), then A: A's socket hears only A.
    await payForCase(stack, caseB);
    await expectCaseUpdate(socketB, caseB, 'paid');
    await newCaseId(stack);
    await payForCase(stack, caseA);
    await expectCaseUpdate(socketA, caseA, 'paid');
    await Promise.all([roundTrip(socketA), roundTrip(socketB)]);

    // A's own place in the queue may move meanwhile: other files' cases share this stack.
    expect(socketA.messages.filter((message) => message.type !== 'QUEUE_MOVED')).toEqual([
      { type: 'CASE_UPDATED', caseId: caseA, status: 'paid' },
      { type: 'PONG' },
    ]);
    expect(
      socketA.messages.filter(
        (message) => message.type === 'QUEUE_MOVED' && message.caseId !== caseA,
      ),
    ).toEqual([]);
    expect(caseUpdates(socketB).map((message) => message.caseId)).toEqual([caseB]);
    socketA.socket.close();
    socketB.socket.close();
  });
});

/**
 * A case whose Checkout Session Stripe has already taken payment for, but whose webhook found
 * no case (it was stored afterwards): only a sync route can mark it paid now.
 */
async function caseWithUnsettledPayment(): Promise<{ caseId: string; patientId: string }> {
  const { patient, caseRecord, patientKey } = newPatientAndCase(adaIntake);
  // The patient's browser keeps the key of its intake (its page subscribes with it).
  rememberPatientKey({ caseId: caseRecord.id, patientId: patient.id, patientKey });
  const session = await checkoutSessionOutsideApp(stack, caseRecord.id);
  expect((await payWithCard(stack, session.id, STRIPE_TEST_CARDS.pays)).status).toBe(303);
  await insertPatientWithCase(patient, { ...caseRecord, checkoutSessionId: session.id });
  expect((await caseStatus(stack, caseRecord.id)).status).toBe('awaiting_payment');
  return { caseId: caseRecord.id, patientId: patient.id };
}

describe('CASE_UPDATED reaches the case socket when', () => {
  it('the Stripe webhook marks the case paid', async () => {
    const caseId = await newCaseId(stack);
    const socket = await openCaseSocket(stack, caseId);
    const { sessionId } = await createCheckout(stack, caseId);
    await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    await expectCaseUpdate(socket, caseId, 'paid');
    socket.socket.close();
  });

  const syncRoutes: [string, (ids: { caseId: string; patientId: string }) => Promise<Response>][] =
    [
      [
        'the manual payment completion',
        ({ caseId }) =>
          postJson(stack, pathOf(paymentContracts.manualPaymentComplete, {}), { caseId }),
      ],
      [
        'the test payment completion',
        ({ patientId }) =>
          postJson(stack, pathOf(paymentContracts.testPaymentComplete, { patientId }), {}),
      ],
      [
        'a checkout request that finds its session paid',
        ({ caseId }) =>
          postJson(stack, pathOf(paymentContracts.createCheckoutSession, {}), {
            caseId,
            mode: 'hosted',
          }),
      ],
    ];
  it.each(syncRoutes)('%s marks the case paid', async (_name, sync) => {
    const ids = await caseWithUnsettledPayment();
    const socket = await openCaseSocket(stack, ids.caseId);
    expect((await sync(ids)).status).toBeLessThan(500);
    expect((await caseStatus(stack, ids.caseId)).status).toBe('paid');
    await expectCaseUpdate(socket, ids.caseId, 'paid');
    socket.socket.close();
  });

  it('a doctor claims it, starts the call and ends it (End Call)', async () => {
    const caseId = await newPaidCaseId(stack);
    const socket = await openCaseSocket(stack, caseId);
    await claimCase(stack, alice, caseId);
    await expectCaseUpdate(socket, caseId, 'claimed');
    await patientEntersRoom(stack, alice, caseId);
    await startTimer(stack, alice, caseId);
    await expectCaseUpdate(socket, caseId, 'in_call');
    const end = await providerFetch(stack, alice, pathOf(meetingContracts.endMeeting, { caseId }), {
      method: 'POST',
    });
    expect(end.status).toBe(200);
    await expectCaseUpdate(socket, caseId, 'completed');
    // Then the money (docs/adr/0024): no media flowed, so the authorization is voided.
    await expect
      .poll(() => caseUpdates(socket).map((message) => message.status), { timeout: 10_000 })
      .toEqual(['claimed', 'in_call', 'completed', 'completed']);
    expect((await caseStatus(stack, caseId)).money).toEqual({ state: 'released' });
    socket.socket.close();
  });

  it('the Scheduler ends the call at its end time', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, alice, caseId);
    const socket = await openCaseSocket(stack, caseId);
    await patientEntersRoom(stack, alice, caseId);
    // Started two minutes ago for one minute: the local Scheduler runs the end at once.
    const bundle = await getCaseBundle(caseId);
    await startMeetingTimer(bundle!, alice.id, log, new Date(Date.now() - 120_000), 60);
    await expectCaseUpdate(socket, caseId, 'completed');
    socket.socket.close();
  });

  it('the Scheduler releases a claim whose lease lapsed', async () => {
    const caseId = await newPaidCaseId(stack);
    const socket = await openCaseSocket(stack, caseId);
    const bundle = await getCaseBundle(caseId);
    const claimed = await claimPaidCase(bundle!.case, alice, new Date(), 1);
    if (claimed.outcome !== 'claimed') throw new Error(claimed.message);
    await scheduleClaimRelease(caseId, claimed.claim);
    await expectCaseUpdate(socket, caseId, 'paid');
    expect((await getCaseBundle(caseId))?.case).toMatchObject({ status: 'paid', claimedBy: null });
    socket.socket.close();
  });

  it('the case expires unstarted, and again when its void is recorded (once)', async () => {
    const caseId = await newPaidCaseId(stack);
    const socket = await openCaseSocket(stack, caseId);
    const paidAt = (await caseStatus(stack, caseId)).paidAt!;
    const due = new Date(Date.parse(paidAt) + (env.caseExpirySeconds + 1) * 1000);
    const result = await expireAndRefund({ caseId }, log, due);
    expect(result.expired).toBe(true);
    await expect
      .poll(() => caseUpdates(socket), { timeout: 10_000 })
      .toEqual([
        { type: 'CASE_UPDATED', caseId, status: 'expired' },
        { type: 'CASE_UPDATED', caseId, status: 'expired' },
      ]);
    socket.socket.close();
  });
});

describe('a case socket that is gone (410)', () => {
  it('is forgotten, and the transition stands while the live page still hears it', async () => {
    const caseId = await newCaseId(stack);
    const live: AlertSocket = await openCaseSocket(stack, caseId);
    const deadId = `dead-${randomUUID()}`;
    const settled = new Date(Date.now() - CONNECT_SETTLE_MS - 1000);
    await saveConnection({ connectionId: deadId, channel: 'case', caseId }, settled);

    await payForCase(stack, caseId);
    await expectCaseUpdate(live, caseId, 'paid');
    expect((await caseStatus(stack, caseId)).status).toBe('paid');
    expect(await getConnection(deadId)).toBeNull();
    live.socket.close();
  });

  it('is kept while it may still be connecting: its $connect saved it, the upgrade is to come', async () => {
    const caseId = await newCaseId(stack);
    const live: AlertSocket = await openCaseSocket(stack, caseId);
    // Saved just now, and unknown to the gateway: a push answers 410, as it does for a socket
    // whose $connect has not returned yet.
    const connectingId = `connecting-${randomUUID()}`;
    await saveConnection({ connectionId: connectingId, channel: 'case', caseId });
    // And one long gone: once it is forgotten, the same push has answered both.
    const deadId = `dead-${randomUUID()}`;
    const settled = new Date(Date.now() - CONNECT_SETTLE_MS - 1000);
    await saveConnection({ connectionId: deadId, channel: 'case', caseId }, settled);

    await payForCase(stack, caseId);
    await expectCaseUpdate(live, caseId, 'paid');
    await expect.poll(() => getConnection(deadId)).toBeNull();
    // The new one's record stands, so the socket, once open, hears the case's next change.
    expect(await getConnection(connectingId)).toMatchObject({ channel: 'case', caseId });
    live.socket.close();
  });
});
