import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePermissionDenials } from '#local/gateway/permission-check';
import type { RunningStack } from '#local/stack';
import { expectCaseUpdate, openCaseSocket } from '#local/testing/case-socket';
import { liveCall } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { caseStatus } from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import { roomRoundTrip, type RoomSocket } from '#local/testing/room-socket';
import type { RoomMediaMessage } from '@shared/meetings/signalling';
import { getCaseBundle } from '#db/cases/bundle';
import { readMeetingMedia, type MediaAccount } from '#db/meeting-media';
import { createLogger } from '#lib/logger';
import { completeCall } from '../cases/call-transitions';
import { endMeeting } from './end';
import { handleMediaReport } from './media-report';

/**
 * A dropped call costs no paid minutes (issue 26 item 6, docs/adr/0019-dropped-call-time.md),
 * with real room sockets on a stack of this file's own: a grace of 2 s instead of 60 (the
 * accounting's rules, the cap among them, have unit tests: media-gap.test.ts) and a meeting
 * long enough for two gaps. The waits create gaps; nothing asserts how long anything took.
 */
const GRACE_SECONDS = 2;
const MEETING_SECONDS = 45;
/** Longer than the end-meeting run's early tolerance (5 s): a run at the old end gives up. */
const GAP_MS = 7_000;

let stack: RunningStack;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('media-gap', {
    mediaGapGraceSeconds: GRACE_SECONDS,
    meetingDurationSeconds: MEETING_SECONDS,
  }));
}, 120_000);
afterAll(async () => {
  await stop?.();
  // This stack runs in this worker: a call the local IAM check refused (even one a handler
  // swallowed, like a failed schedule move) fails the file.
  expect(takePermissionDenials()).toEqual([]);
});

const peerIds = new Map<RoomSocket, string>();
/** A page's media report, exactly per the schema. */
function report(room: RoomSocket, flowing: boolean): void {
  const peerId = peerIds.get(room) ?? `page-${peerIds.size + 1}-0000`;
  peerIds.set(room, peerId);
  room.send({ action: 'media', peerId, flowing } satisfies RoomMediaMessage);
}
/** Both pages report within the same moment: two Lambda invocations race. */
const bothReport = (rooms: RoomSocket[], flowing: boolean) =>
  rooms.forEach((room) => report(room, flowing));

/** Waits until the stored account satisfies `check`. */
const accountWhere = (caseId: string, what: string, check: (account: MediaAccount) => boolean) =>
  pollUntil(what, async () => {
    const read = await readMeetingMedia(caseId);
    return read && check(read.account) ? read.account : undefined;
  });

const log = createLogger({ test: 'media-gap' });

/** Both parties' reports handled at once at a given time, in this process, as two Lambdas. */
function bothReportAt(caseId: string, meetingId: string) {
  const connection = (role: 'patient' | 'provider') => ({
    connectionId: `test-${role}`,
    channel: 'room' as const,
    meetingId,
    caseId,
    role,
    connectedAt: new Date().toISOString(),
  });
  return (flowing: boolean, at: number) =>
    Promise.all(
      (['patient', 'provider'] as const).map((role) =>
        handleMediaReport(connection(role), flowing, log, new Date(at)),
      ),
    );
}

describe('a dropped call costs no paid minutes', () => {
  it(
    'a gap past the grace, reported by both at once, moves endsAt once: both rooms hear it, the status shows it, the Scheduler ends the call at the new time',
    { timeout: 150_000 },
    async () => {
      const { caseId, endsAt: oldEndsAt, doctor, patient } = await liveCall(stack);
      const rooms = [doctor, patient];
      // The patient's visit page, open after the start: it hears of the extension and refetches.
      const visitPage = await openCaseSocket(stack, caseId);
      bothReport(rooms, true);
      await accountWhere(caseId, 'both have media', (a) => a.patient && a.provider);

      const lostFrom = Date.now();
      bothReport(rooms, false);
      await accountWhere(caseId, 'the gap began', (a) => a.gapStartedAt !== null);
      await pause(GAP_MS);
      const heard = [doctor.next('MEETING_EXTENDED'), patient.next('MEETING_EXTENDED')] as const;
      bothReport(rooms, true);
      const [forDoctor, forPatient] = await Promise.all(heard);
      const lostAtMost = Date.now() - lostFrom;

      expect(forPatient).toEqual(forDoctor);
      const { endsAt, extendedBySeconds } = forDoctor;
      // Counted once: a gap counted by both reports would be about twice as long.
      expect(extendedBySeconds).toBeGreaterThanOrEqual(GAP_MS / 1000);
      expect(extendedBySeconds).toBeLessThanOrEqual(Math.ceil(lostAtMost / 1000));
      expect(Date.parse(endsAt) - Date.parse(oldEndsAt)).toBe(extendedBySeconds * 1000);
      expect((await caseStatus(stack, caseId)).meeting?.endsAt).toBe(endsAt);
      expect((await getCaseBundle(caseId))?.case.endsAt).toBe(endsAt);
      await expectCaseUpdate(visitPage, caseId, 'in_call');
      visitPage.socket.close();

      // A second gap past the grace: counted, but the end moves only once.
      const first = await accountWhere(caseId, 'the gap ended', (a) => a.gapStartedAt === null);
      bothReport(rooms, false);
      await accountWhere(caseId, 'a second gap began', (a) => a.gapStartedAt !== null);
      await pause((GRACE_SECONDS + 1) * 1000);
      bothReport(rooms, true);
      const second = await accountWhere(
        caseId,
        'the second gap ended',
        (a) => a.lostMs > first.lostMs,
      );
      expect(second.extendedBySeconds).toBe(extendedBySeconds);
      expect((await getCaseBundle(caseId))?.case.endsAt).toBe(endsAt);
      await Promise.all(rooms.map(roomRoundTrip));
      for (const room of rooms) {
        expect(room.messages.filter((message) => message.type === 'MEETING_EXTENDED')).toHaveLength(
          1,
        );
      }

      // Just past the old end the call still runs: nothing ended it, and signals are relayed.
      await pause(Math.max(0, Date.parse(oldEndsAt) + 1_500 - Date.now()));
      const running = await getCaseBundle(caseId);
      expect([running?.case.status, running?.meeting?.status]).toEqual(['in_call', 'active']);
      const relayed = patient.next('SIGNAL');
      doctor.send({
        action: 'signal',
        peerId: 'doctor-page-1',
        to: peerIds.get(patient),
        seq: 1,
        signal: { media: { audio: true, video: true } },
      });
      await relayed;

      // The Scheduler's end runs at the new end (its run at the old one would have given up).
      const timeoutMs = Date.parse(endsAt) - Date.now() + 15_000;
      for (const room of rooms) {
        const message = await pollUntil(
          'MEETING_ENDED',
          () => Promise.resolve(room.messages.find((message) => message.type === 'MEETING_ENDED')),
          { timeoutMs, intervalMs: 200 },
        );
        expect(message).toEqual({ type: 'MEETING_ENDED', endedAt: endsAt, reason: 'timer' });
      }
    },
  );

  it(
    "a party whose last room connection closed has no media: with the other's report a gap begins, and its end extends the call",
    { timeout: 120_000 },
    async () => {
      const { caseId, doctor, patient } = await liveCall(stack);
      bothReport([doctor, patient], true);
      await accountWhere(caseId, 'both have media', (a) => a.patient && a.provider);
      report(patient, false);
      await accountWhere(caseId, 'the patient has none', (a) => !a.patient);
      doctor.socket.close();
      await accountWhere(caseId, 'the gap began', (a) => !a.provider && a.gapStartedAt !== null);
      await pause((GRACE_SECONDS + 1) * 1000);
      const extended = patient.next('MEETING_EXTENDED');
      report(patient, true);
      expect((await extended).extendedBySeconds).toBeGreaterThan(GRACE_SECONDS);
      patient.socket.close();
    },
  );

  it(
    'concurrent reports of both parties neither lose a gap nor count one twice',
    { timeout: 120_000 },
    async () => {
      // The sockets stay open and silent: a `$disconnect` would report too.
      const { caseId, meetingId, doctor, patient } = await liveCall(stack);
      // Both parties report at the same instant, three rounds; each gap lasts 500 ms, under
      // the grace in all, so nothing but the account changes.
      const both = bothReportAt(caseId, meetingId);
      const start = Date.now();
      for (let round = 0; round < 3; round += 1) {
        const at = start + round * 2_000;
        await both(true, at);
        await both(false, at + 1_000);
        const read = await readMeetingMedia(caseId);
        expect(read?.account.gapStartedAt).toBe(at + 1_000);
        await both(true, at + 1_500);
      }
      const read = await readMeetingMedia(caseId);
      expect(read?.account).toMatchObject({
        patient: true,
        provider: true,
        firstFlowAt: start,
        gapStartedAt: null,
        lostMs: 1_500,
        extendedBySeconds: null,
      });
      for (const room of [doctor, patient]) room.socket.close();
    },
  );

  it(
    'an end computed from the old endsAt does not complete a call whose end moved meanwhile',
    { timeout: 120_000 },
    async () => {
      const { caseId, meetingId, endsAt, doctor, patient } = await liveCall(stack);
      const stale = (await getCaseBundle(caseId))!;
      const both = bothReportAt(caseId, meetingId);
      const start = Date.now();
      await both(true, start);
      await both(false, start + 1_000);
      await both(true, start + 1_000 + (GRACE_SECONDS + 1) * 1_000);
      const moved = (await getCaseBundle(caseId))!;
      expect(Date.parse(moved.case.endsAt!) - Date.parse(endsAt)).toBe((GRACE_SECONDS + 1) * 1_000);
      // The end-meeting run that read the case before the extension (a race at the old end).
      expect(await completeCall(stale, endsAt)).toBe(false);
      const justAfterOldEnd = new Date(Date.parse(endsAt) + 1);
      expect(await endMeeting(caseId, 'timer', log, justAfterOldEnd)).toEqual({
        outcome: 'too_early',
        endsAt: moved.case.endsAt,
      });
      expect((await getCaseBundle(caseId))?.case.status).toBe('in_call');
      for (const room of [doctor, patient]) room.socket.close();
    },
  );
});
