import { describe, expect, it } from 'vitest';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import { newPaidCaseId } from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  withdrawApproval,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import {
  enterRoom,
  openRoomSocket,
  roomRoundTrip,
  type RoomSocket,
} from '#local/testing/room-socket';
import { withTimeout } from '#local/testing/poll';
import { useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { endSessions } from '#lib/auth/sessions';
import { hashToken } from '#lib/auth/tokens';
import { createLogger } from '#lib/logger';
import { releaseClaimAndAlert } from '../cases/claim-release';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';

/**
 * The room admits exactly the two parties, re-checked while it lives (issue 25 items 1 and 2,
 * docs/adr/0013-room-connections.md), with real sockets on the local gateway.
 */
const stack = useTestStack();
const log = createLogger({ test: 'room-parties' });

// Each test signs in providers of its own: a provider holds one active claim at a time.

/** A page of a room: its session answer and its open socket. */
async function openRoom(link: string, provider?: SignedInProvider): Promise<RoomSocket> {
  const session = await enterRoom(stack, link, provider?.cookie);
  return openRoomSocket(stack, session.ticket!);
}

/** A case claimed by `provider`, with both join links. */
async function claimedCase(provider: SignedInProvider) {
  const caseId = await newPaidCaseId(stack);
  await claimCase(stack, provider, caseId);
  return { caseId, links: await joinLinks(stack, provider, caseId) };
}

/** Each test signs in a provider or two, which on a busy machine takes a while. */
const TEST_TIMEOUT_MS = 90_000;

/** Waits for the server to close a room socket (bounded like the helpers' waits for a message). */
const serverClosed = (room: RoomSocket) =>
  withTimeout('the server closes the room socket', room.closed, 10_000);

const offer = { description: { type: 'offer', sdp: 'v=0' } };
const typesOf = (room: RoomSocket) => room.messages.map((message) => message.type);

describe('one live room page per party', () => {
  it(
    'a second patient page replaces the first: the first is told and closed, signals reach only the second',
    async () => {
      const alice = await signInProvider(stack);
      const { caseId, links } = await claimedCase(alice);
      const doctor = await openRoom(links.providerJoinUrl, alice);
      const firstPage = await openRoom(links.patientJoinUrl);

      const replaced = firstPage.next('ROOM_REPLACED');
      const secondPage = await openRoom(links.patientJoinUrl);
      expect(await replaced).toEqual({ type: 'ROOM_REPLACED' });
      await serverClosed(firstPage);

      const joined = doctor.next('PEER_JOINED');
      secondPage.send({ action: 'hello', peerId: 'patient-page-2' });
      expect(await joined).toMatchObject({ role: 'patient', peerId: 'patient-page-2' });

      await startTimer(stack, alice, caseId);
      const relayed = secondPage.next('SIGNAL');
      doctor.send({
        action: 'signal',
        peerId: 'doctor-page-1',
        to: 'patient-page-2',
        seq: 1,
        signal: offer,
      });
      expect(await relayed).toMatchObject({
        from: 'provider',
        to: 'patient-page-2',
        seq: 1,
        signal: offer,
      });
      expect(typesOf(firstPage)).toEqual(['ROOM_REPLACED']);
      for (const room of [doctor, secondPage]) room.socket.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a doctor's second page replaces the first; the patient hears only the newest",
    async () => {
      const alice = await signInProvider(stack);
      const { caseId, links } = await claimedCase(alice);
      const patient = await openRoom(links.patientJoinUrl);
      const firstPage = await openRoom(links.providerJoinUrl, alice);
      const replaced = firstPage.next('ROOM_REPLACED');
      const secondPage = await openRoom(links.providerJoinUrl, alice);
      await replaced;
      await serverClosed(firstPage);

      const started = secondPage.next('MEETING_STARTED');
      await startTimer(stack, alice, caseId);
      await started;
      const relayed = secondPage.next('SIGNAL');
      patient.send({
        action: 'signal',
        peerId: 'patient-page-1',
        to: 'doctor-page-2',
        seq: 1,
        signal: offer,
      });
      expect(await relayed).toMatchObject({ from: 'patient', signal: offer });
      expect(typesOf(firstPage)).toEqual(['ROOM_REPLACED']);
      for (const room of [patient, secondPage]) room.socket.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe("the doctor's room connection lives only as long as what admitted it", () => {
  it(
    "a lapsed claim's connection is closed and hears nothing of the next doctor's call",
    async () => {
      const [alice, bob] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
      const { caseId, links } = await claimedCase(alice);
      const patient = await openRoom(links.patientJoinUrl);
      const lapsed = await openRoom(links.providerJoinUrl, alice);
      const doctorLeft = patient.next('PEER_LEFT');

      // The Scheduler's release at the lease end, run now as if the lease were over.
      const claim = (await getCaseBundle(caseId))!.case;
      const leaseEnd = new Date(Date.parse(claim.leaseEndsAt!) + 1000);
      const input = { caseId, providerId: alice.id, claimedAt: claim.claimedAt! };
      expect(await releaseClaimAndAlert(input, log, leaseEnd)).toBe(true);
      await serverClosed(lapsed);
      expect(await doctorLeft).toEqual({ type: 'PEER_LEFT', role: 'provider' });

      // Bob claims the case again and starts the call; the patient says hello and signals.
      await claimCase(stack, bob, caseId);
      const bobLinks = await joinLinks(stack, bob, caseId);
      const bobRoom = await openRoom(bobLinks.providerJoinUrl, bob);
      const startedForPatient = patient.next('MEETING_STARTED');
      await startTimer(stack, bob, caseId);
      await startedForPatient;
      const relayed = bobRoom.next('SIGNAL');
      patient.send({ action: 'hello', peerId: 'patient-page-1' });
      patient.send({
        action: 'signal',
        peerId: 'patient-page-1',
        to: 'bob-page-1',
        seq: 1,
        signal: offer,
      });
      await relayed;
      expect(typesOf(lapsed)).toEqual([]);
      // Alice's link no longer opens the room either.
      await expect(enterRoom(stack, links.providerJoinUrl, alice.cookie)).rejects.toThrow('403');
      for (const room of [patient, bobRoom]) room.socket.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "sign-out closes the doctor's room connection, and the patient hears the doctor left",
    async () => {
      const frank = await signInProvider(stack);
      const { links } = await claimedCase(frank);
      const patient = await openRoom(links.patientJoinUrl);
      const doctor = await openRoom(links.providerJoinUrl, frank);
      const left = patient.next('PEER_LEFT');
      const signOut = await providerFetch(
        stack,
        frank,
        pathOf(providerContracts.providerLogout, {}),
        { method: 'POST' },
      );
      expect(signOut.status).toBe(204);
      await serverClosed(doctor);
      expect(await left).toEqual({ type: 'PEER_LEFT', role: 'provider' });
      patient.send({ action: 'hello', peerId: 'patient-page-1' });
      await roomRoundTrip(patient);
      expect(typesOf(doctor)).toEqual([]);
      patient.socket.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a withdrawn approval closes the doctor's room connection",
    async () => {
      const carol = await signInProvider(stack);
      const { links } = await claimedCase(carol);
      const doctor = await openRoom(links.providerJoinUrl, carol);
      expect((await withdrawApproval(stack, carol)).status).toBe(200);
      await serverClosed(doctor);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "a password change closes the doctor's room connection",
    async () => {
      const dave = await signInProvider(stack);
      const { links } = await claimedCase(dave);
      const doctor = await openRoom(links.providerJoinUrl, dave);
      const change = await providerFetch(
        stack,
        dave,
        pathOf(providerContracts.providerChangePassword, {}),
        {
          method: 'POST',
          body: JSON.stringify({
            currentPassword: dave.password,
            newPassword: `${dave.password}-changed-again`,
          }),
        },
      );
      expect(change.status).toBe(200);
      await serverClosed(doctor);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a connection whose session ended unnoticed is closed at its next message, and relays nothing to it',
    async () => {
      const erin = await signInProvider(stack);
      const { links } = await claimedCase(erin);
      const patient = await openRoom(links.patientJoinUrl);
      const doctor = await openRoom(links.providerJoinUrl, erin);
      // The session ends without the sign-out's close (as if that close had failed).
      const token = erin.cookie.slice(erin.cookie.indexOf('=') + 1);
      await endSessions([hashToken(token)]);

      patient.send({ action: 'hello', peerId: 'patient-page-1' });
      await roomRoundTrip(patient);
      await serverClosed(doctor);
      expect(typesOf(doctor)).toEqual([]);
      patient.socket.close();
    },
    TEST_TIMEOUT_MS,
  );
});
