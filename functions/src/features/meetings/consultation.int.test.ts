import { randomUUID } from 'node:crypto';
import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPaidCaseId, caseStatus, patientFetch } from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { openAlertSocket, requestTicket, roundTrip } from '#local/testing/alert-socket';
import {
  enterRoom,
  openRoomSocket,
  parseJoinLink,
  roomRoundTrip,
  roomSession,
  type RoomSocket,
} from '#local/testing/room-socket';
import { pollUntil } from '#local/testing/poll';
import { useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { insertPatientWithCase } from '#db/cases/create';
import { completedCaseCount } from '#db/case-counters';
import { env } from '#core/env';
import { createLogger } from '#lib/logger';
import { atExpression } from '#lib/scheduler';
import { startCall } from '../cases/call-transitions';
import { newPatientAndCase } from '../cases/new-case';
import { markCasePaid } from '../cases/transitions';
import { endMeeting } from './end';
import { meetingEndScheduleName } from './end-schedule';
import { roomToken } from '../cases/room-links';
import { startMeetingTimer } from './start';
import { authorizedCheckout } from '#testing/payment-evidence';
import * as caseContracts from '@shared/cases/contracts';
import type { ProviderCaseDetails } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import { roomMessages, type RoomSessionResponse } from '@shared/meetings/room';
import { startRuleMessages } from '@shared/meetings/start-rule';
import type { StartMeetingTimerResponse } from '@shared/meetings/timer';

const stack = useTestStack();
const log = createLogger({ test: 'consultation' });
const scheduler = new SchedulerClient({});

let alice: SignedInProvider;
let bob: SignedInProvider;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
});

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

const startPath = (caseId: string) => pathOf(meetingContracts.startMeetingTimer, { caseId });
const endPath = (caseId: string) => pathOf(meetingContracts.endMeeting, { caseId });
const post = (provider: SignedInProvider, path: string) =>
  providerFetch(stack, provider, path, { method: 'POST' });

async function claimedCase(provider: SignedInProvider): Promise<string> {
  const caseId = await newPaidCaseId(stack);
  const claim = await providerFetch(stack, provider, pathOf(caseContracts.claimCase, {}), {
    method: 'POST',
    body: JSON.stringify({ caseId, providerId: provider.id }),
  });
  expect(claim.status).toBe(200);
  return caseId;
}

async function startTimer(provider: SignedInProvider, caseId: string) {
  const response = await post(provider, startPath(caseId));
  expect(response.status).toBe(200);
  return (await response.json()) as StartMeetingTimerResponse;
}

/** The patient's room page enters the room: a call without it ends as a no-show (ADR 0023). */
async function patientEnters(caseId: string): Promise<void> {
  await enterRoom(stack, (await joinLinks(alice, caseId)).patient);
}

/** The schedule of a meeting's end, or null once it is gone. */
async function endSchedule(meetingId: string) {
  try {
    return await scheduler.send(
      new GetScheduleCommand({
        Name: meetingEndScheduleName(meetingId),
        GroupName: env.scheduleGroup,
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

/** Polls until the local Scheduler has run and deleted the schedule (it is due already). */
async function scheduleGone(meetingId: string): Promise<void> {
  await pollUntil(
    'the end schedule ran',
    async () => ((await endSchedule(meetingId)) === null ? true : undefined),
    { intervalMs: 25 },
  );
}

/** The join links of a case: the provider's from the details, the patient's from the status. */
async function joinLinks(provider: SignedInProvider, caseId: string) {
  const details = (await (
    await providerFetch(stack, provider, pathOf(caseContracts.getCaseDetails, { caseId }))
  ).json()) as ProviderCaseDetails;
  const status = (await caseStatus(stack, caseId)) as unknown as {
    meeting: { patientJoinUrl: string };
  };
  return { provider: details.meeting!.providerJoinUrl!, patient: status.meeting.patientJoinUrl };
}

/** The dashboard's counters as the provider reads them. */
async function countsOf(provider: SignedInProvider) {
  const response = await providerFetch(stack, provider, pathOf(caseContracts.listCases, {}));
  return ((await response.json()) as { counts: { myActive: number; completed: number } }).counts;
}

async function openRoom(
  link: string,
  provider?: SignedInProvider,
): Promise<{ session: RoomSessionResponse; room: RoomSocket }> {
  const session = await enterRoom(stack, link, provider?.cookie);
  return { session, room: await openRoomSocket(stack, session.ticket!) };
}

describe('start-timer (DESIGN.md §7)', () => {
  it('starts the clock for the claimer, idempotently, with a schedule at endsAt', async () => {
    const caseId = await claimedCase(alice);
    const first = await startTimer(alice, caseId);
    expect(Date.parse(first.endsAt) - Date.parse(first.startedAt)).toBe(900_000);

    const stored = await getCaseBundle(caseId);
    expect(stored?.case).toMatchObject({
      status: 'in_call',
      startedAt: first.startedAt,
      endsAt: first.endsAt,
      leaseEndsAt: null,
    });
    expect(stored?.meeting).toMatchObject({
      id: first.meetingId,
      status: 'active',
      startedAt: first.startedAt,
      endsAt: first.endsAt,
      autoEndTimerId: meetingEndScheduleName(first.meetingId),
    });
    const schedule = await endSchedule(first.meetingId);
    expect(schedule?.ScheduleExpression).toBe(atExpression(new Date(first.endsAt)));
    expect(JSON.parse(schedule?.Target?.Input ?? '{}')).toEqual({
      caseId,
      meetingId: first.meetingId,
    });

    const second = await startTimer(alice, caseId);
    expect(second).toMatchObject({
      meetingId: first.meetingId,
      startedAt: first.startedAt,
      endsAt: first.endsAt,
    });
    const status = (await caseStatus(stack, caseId)) as unknown as {
      status: string;
      meeting: { status: string; startedAt: string; endsAt: string; endedAt: null };
    };
    expect(status.status).toBe('in_call');
    expect(status.meeting).toMatchObject({
      status: 'active',
      startedAt: first.startedAt,
      endsAt: first.endsAt,
      endedAt: null,
    });
  });

  it("refuses another provider (403), an unclaimed case and a nurse visit (409) with the rule's messages", async () => {
    const caseId = await claimedCase(alice);
    const other = await post(bob, startPath(caseId));
    expect(other.status).toBe(403);
    expect(await messageOf(other)).toBe(startRuleMessages.otherProvider);

    const unclaimed = await post(alice, startPath(await newPaidCaseId(stack)));
    expect(unclaimed.status).toBe(409);
    expect(await messageOf(unclaimed)).toBe(startRuleMessages.notClaimed);

    // A nurse visit has no meeting: paid as a webhook would, then claimed.
    const { patient, caseRecord } = newPatientAndCase({
      source: 'patient',
      name: 'Ama Nurse-Visit',
      email: null,
      phone: '+233200000000',
      contactInfo: '+233200000000',
      requestType: 'nurse-visit',
      triageSummary: 'Wound dressing',
      history: '',
      location: 'Accra',
      medicalFiles: [],
      metadata: {},
    });
    await insertPatientWithCase(patient, caseRecord);
    const paid = await markCasePaid(
      caseRecord,
      authorizedCheckout(caseRecord.id, `cs_test_${randomUUID()}`),
    );
    expect(paid.outcome).toBe('paid');
    const claim = await providerFetch(stack, alice, pathOf(caseContracts.claimCase, {}), {
      method: 'POST',
      body: JSON.stringify({ caseId: caseRecord.id, providerId: alice.id }),
    });
    expect(claim.status).toBe(200);
    const nurseVisit = await post(alice, startPath(caseRecord.id));
    expect(nurseVisit.status).toBe(409);
    expect(await messageOf(nurseVisit)).toBe(startRuleMessages.noMeeting);
  });
});

describe('the end (timer, End Call, late signal): one path, one completion', () => {
  it('fired late and repeated, ends once at endsAt; the schedule is gone after it ran', async () => {
    const caseId = await claimedCase(alice);
    const completedBefore = await completedCaseCount(alice.id);
    const countsBefore = await countsOf(alice);
    await patientEnters(caseId);
    // Started two minutes ago for one minute: the schedule is due at once, and late.
    const startedAt = new Date(Date.now() - 120_000);
    const bundle = await getCaseBundle(caseId);
    const started = await startMeetingTimer(bundle!, alice.id, log, startedAt, 60);
    await scheduleGone(started.meetingId);

    const again = await Promise.all([
      endMeeting(caseId, 'timer', log),
      endMeeting(caseId, 'timer', log),
      post(alice, endPath(caseId)).then((response) => response.json()),
    ]);
    for (const outcome of again) expect(outcome).toMatchObject({ endedAt: started.endsAt });
    expect(again.slice(0, 2).map((outcome) => (outcome as { outcome: string }).outcome)).toEqual([
      'already_ended',
      'already_ended',
    ]);

    const stored = await getCaseBundle(caseId);
    expect(stored?.case).toMatchObject({ status: 'completed', endedAt: started.endsAt });
    expect(stored?.meeting).toMatchObject({ status: 'completed', endedAt: started.endsAt });
    expect(await completedCaseCount(alice.id)).toBe(completedBefore + 1);
    expect(await countsOf(alice)).toMatchObject({
      myActive: countsBefore.myActive - 1,
      completed: countsBefore.completed + 1,
    });
  });

  it("'End Call' ends now for the claimer only, deletes the schedule, and answers the same end again", async () => {
    const caseId = await claimedCase(alice);
    await patientEnters(caseId);
    const started = await startTimer(alice, caseId);
    const other = await post(bob, endPath(caseId));
    expect(other.status).toBe(403);
    expect(await messageOf(other)).toBe(startRuleMessages.otherProvider);

    const ended = await post(alice, endPath(caseId));
    expect(ended.status).toBe(200);
    const { endedAt } = (await ended.json()) as { endedAt: string };
    expect(Date.parse(endedAt)).toBeLessThan(Date.parse(started.endsAt));
    expect(await endSchedule(started.meetingId)).toBeNull();

    const repeat = await post(alice, endPath(caseId));
    expect(await repeat.json()).toEqual({ success: true, endedAt });
    expect((await caseStatus(stack, caseId)).status).toBe('completed');

    const list = (await (
      await providerFetch(stack, alice, `${pathOf(caseContracts.listCases, {})}?view=completed`)
    ).json()) as { cases: { id: string; status: string }[] };
    expect(list.cases.find((listed) => listed.id === caseId)?.status).toBe('completed');
  });

  it("'End Call' three times at once on a running call: one end, one completion", async () => {
    const caseId = await claimedCase(alice);
    const completedBefore = await completedCaseCount(alice.id);
    await patientEnters(caseId);
    await startTimer(alice, caseId);
    const answers = await Promise.all([1, 2, 3].map(() => post(alice, endPath(caseId))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const ends = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { endedAt: string }).endedAt),
    );
    // Every caller is told the one end that happened; the completion is counted once.
    expect(new Set(ends).size).toBe(1);
    const stored = await getCaseBundle(caseId);
    expect(stored?.case).toMatchObject({ status: 'completed', endedAt: ends[0] });
    expect(stored?.meeting).toMatchObject({ status: 'completed', endedAt: ends[0] });
    expect(await completedCaseCount(alice.id)).toBe(completedBefore + 1);
  });

  it('an unstarted call cannot be ended (409)', async () => {
    const caseId = await claimedCase(alice);
    const refused = await post(alice, endPath(caseId));
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(startRuleMessages.wrongStatus('claimed'));
  });
});

describe('the room channel on /ws', () => {
  it('relays hello and signals to the other party only, pushes the start and the end, then closes', async () => {
    const caseId = await claimedCase(alice);
    const links = await joinLinks(alice, caseId);
    const patient = await openRoom(links.patient);
    const doctor = await openRoom(links.provider, alice);
    expect(patient.session).toMatchObject({
      role: 'patient',
      status: 'scheduled',
      startedAt: null,
      endsAt: null,
      durationSeconds: 900,
      peerName: alice.name,
      iceServers: [],
      iceTransportPolicy: 'all',
    });
    expect(doctor.session.peerName).toBe('Patient');

    // Alerts and rooms never mix: an alert socket open all along.
    const alerts = await openAlertSocket(stack, await requestTicket(stack, alice));

    const joined = doctor.room.next('PEER_JOINED');
    patient.room.send({ action: 'hello', peerId: 'patient-page-1' });
    expect(await joined).toEqual({
      type: 'PEER_JOINED',
      role: 'patient',
      peerId: 'patient-page-1',
    });

    const notStarted = doctor.room.next('SIGNAL_REFUSED');
    doctor.room.send({
      action: 'signal',
      peerId: 'doctor-page-1',
      to: 'patient-page-1',
      seq: 1,
      signal: { candidate: null },
    });
    expect(await notStarted).toEqual({ type: 'SIGNAL_REFUSED', reason: 'not_started' });

    const startedForPatient = patient.room.next('MEETING_STARTED');
    const startedForDoctor = doctor.room.next('MEETING_STARTED');
    const started = await startTimer(alice, caseId);
    expect(await startedForPatient).toMatchObject({
      startedAt: started.startedAt,
      endsAt: started.endsAt,
    });
    await startedForDoctor;

    const offer = { description: { type: 'offer', sdp: 'v=0' } };
    const relayed = patient.room.next('SIGNAL');
    doctor.room.send({
      action: 'signal',
      peerId: 'doctor-page-1',
      to: 'patient-page-1',
      seq: 2,
      signal: offer,
    });
    expect(await relayed).toEqual({
      type: 'SIGNAL',
      from: 'provider',
      peerId: 'doctor-page-1',
      to: 'patient-page-1',
      seq: 2,
      signal: offer,
    });
    await roomRoundTrip(doctor.room);
    expect(doctor.room.messages.filter((message) => message.type === 'SIGNAL')).toEqual([]);

    // A paid case alerts every dashboard, and no room.
    await newPaidCaseId(stack);
    await roundTrip(alerts);
    await roomRoundTrip(patient.room);
    expect(alerts.messages.some((message) => message.type === 'CASE_PAID_READY')).toBe(true);
    for (const room of [patient.room, doctor.room]) {
      expect(room.messages.map((message) => message.type)).not.toContain('CASE_PAID_READY');
    }

    const endedForPatient = patient.room.next('MEETING_ENDED');
    const ended = await post(alice, endPath(caseId));
    expect(ended.status).toBe(200);
    const { endedAt } = (await ended.json()) as { endedAt: string };
    expect(await endedForPatient).toEqual({ type: 'MEETING_ENDED', endedAt, reason: 'provider' });
    await Promise.all([patient.room.closed, doctor.room.closed]);
    expect(doctor.room.messages.map((message) => message.type)).toContain('MEETING_ENDED');
    const roomTypes = new Set([
      'SIGNAL',
      'PEER_JOINED',
      'PEER_LEFT',
      'MEETING_STARTED',
      'MEETING_ENDED',
      'SIGNAL_REFUSED',
    ]);
    expect(alerts.messages.filter((message) => roomTypes.has(message.type))).toEqual([]);
    alerts.socket.close();
    await alerts.closed;

    const after = await enterRoom(stack, links.patient);
    expect(after).toMatchObject({ status: 'completed', endedAt, ticket: null });
  });

  it('after endsAt refuses signals, ends the meeting at endsAt at once and closes both rooms', async () => {
    const caseId = await claimedCase(alice);
    const links = await joinLinks(alice, caseId);
    const patient = await openRoom(links.patient);
    const doctor = await openRoom(links.provider, alice);

    // Started 16 minutes ago with no schedule yet: as if Scheduler were late.
    const countsBefore = await countsOf(alice);
    const bundle = await getCaseBundle(caseId);
    const startedAt = new Date(Date.now() - 16 * 60_000);
    const endsAt = new Date(startedAt.getTime() + 900_000).toISOString();
    const started = await startCall(
      bundle!,
      { providerId: alice.id, claimedAt: bundle!.case.claimedAt! },
      { startedAt: startedAt.toISOString(), endsAt, autoEndTimerId: 'none' },
      startedAt,
    );
    expect(started.outcome).toBe('started');
    // It already reads completed at endsAt, before anything stored the end: for the patient
    // and on the doctor's dashboard.
    expect(await caseStatus(stack, caseId)).toMatchObject({ status: 'completed' });
    expect(await countsOf(alice)).toMatchObject({
      myActive: countsBefore.myActive - 1,
      completed: countsBefore.completed + 1,
    });

    const refused = patient.room.next('SIGNAL_REFUSED');
    const endedForPatient = patient.room.next('MEETING_ENDED');
    const endedForDoctor = doctor.room.next('MEETING_ENDED');
    patient.room.send({
      action: 'signal',
      peerId: 'patient-page-1',
      to: 'doctor-page-1',
      seq: 1,
      signal: { candidate: null },
    });
    expect(await refused).toEqual({ type: 'SIGNAL_REFUSED', reason: 'ended' });
    expect(await endedForPatient).toEqual({
      type: 'MEETING_ENDED',
      endedAt: endsAt,
      reason: 'timer',
    });
    await endedForDoctor;
    await Promise.all([patient.room.closed, doctor.room.closed]);
    expect((await getCaseBundle(caseId))?.case).toMatchObject({
      status: 'completed',
      endedAt: endsAt,
    });
    expect(doctor.room.messages.map((message) => message.type)).not.toContain('SIGNAL');
    expect(await countsOf(alice)).toMatchObject({ completed: countsBefore.completed + 1 });
  });

  it('tells the other party when the last page of one party leaves', async () => {
    const caseId = await claimedCase(alice);
    const links = await joinLinks(alice, caseId);
    const patient = await openRoom(links.patient);
    const doctor = await openRoom(links.provider, alice);
    const left = doctor.room.next('PEER_LEFT');
    patient.room.socket.close();
    expect(await left).toEqual({ type: 'PEER_LEFT', role: 'patient' });
    doctor.room.socket.close();
    await doctor.room.closed;
  });
});

describe('the room session route', () => {
  it('refuses a wrong, other-role or expired token, an unknown meeting and a doctor not holding the case, with one message', async () => {
    const caseId = await claimedCase(alice);
    const links = await joinLinks(alice, caseId);
    const { meetingId, token } = parseJoinLink(links.patient);
    const expired = roomToken(meetingId, caseId, 'patient', Date.now() - 25 * 60 * 60 * 1000);
    const refusals = [
      await roomSession(stack, meetingId, 'patient', `${token}x`),
      await roomSession(stack, meetingId, 'provider', token),
      await roomSession(stack, meetingId, 'patient', expired),
      await roomSession(stack, randomUUID(), 'patient', token),
    ];
    // The doctor's link needs the session of the doctor who holds the case.
    const doctorLink = parseJoinLink(links.provider);
    const enterAsDoctor = (cookie?: string) =>
      roomSession(stack, doctorLink.meetingId, 'provider', doctorLink.token, cookie);
    refusals.push(await enterAsDoctor(bob.cookie));
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(await messageOf(refusal)).toBe(roomMessages.invalidLink);
    }
    // The doctor's valid link in a browser without the doctor's session: sign in there.
    const signedOut = await enterAsDoctor();
    expect(signedOut.status).toBe(403);
    expect(await messageOf(signedOut)).toBe(roomMessages.providerSignIn);
    expect((await roomSession(stack, meetingId, 'patient', token)).status).toBe(200);
    expect((await enterAsDoctor(alice.cookie)).status).toBe(200);
  });

  it('gives join links on the app address the person uses, when it is one of the app’s', async () => {
    const caseId = await claimedCase(alice);
    const detailsPath = pathOf(caseContracts.getCaseDetails, { caseId });
    const providerLinkFrom = async (headers: Record<string, string>) => {
      const response = await providerFetch(stack, alice, detailsPath, { headers });
      return new URL(((await response.json()) as ProviderCaseDetails).meeting!.providerJoinUrl!);
    };
    const port = new URL(stack.appUrl).port;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      // Origin (a cross-origin read), or a same-origin GET's Referer (no Origin).
      expect((await providerLinkFrom({ origin })).origin).toBe(origin);
      expect(
        (await providerLinkFrom({ origin: '', referer: `${origin}/provider-dashboard` })).origin,
      ).toBe(origin);
    }
    // A page elsewhere gets the link as stored, on the configured base URL.
    const foreign = await providerLinkFrom({ origin: '', referer: 'https://evil.example/' });
    expect(foreign.origin).toBe(new URL(env.appBaseUrl).origin);
    // The patient's link follows the same rule (the visit page's status poll).
    const status = await patientFetch(
      stack,
      caseId,
      pathOf(caseContracts.getCaseStatus, { caseId }),
      {
        headers: { origin: `http://127.0.0.1:${port}` },
      },
    );
    const patientLink = ((await status.json()) as { meeting: { patientJoinUrl: string } }).meeting
      .patientJoinUrl;
    expect(new URL(patientLink).origin).toBe(`http://127.0.0.1:${port}`);
  });

  it('gives single-use tickets that open only a room connection', async () => {
    const caseId = await claimedCase(alice);
    const session = await enterRoom(stack, (await joinLinks(alice, caseId)).patient);
    const room = await openRoomSocket(stack, session.ticket!);
    await expect(openRoomSocket(stack, session.ticket!)).rejects.toThrow('401');
    await roomRoundTrip(room);
    room.socket.close();
    await room.closed;
  });
});
