import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { openCaseSocket } from '#local/testing/case-socket';
import { liveCall } from '#local/testing/consultation-journey';
import { newCaseId } from '#local/testing/patient-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { pollUntil } from '#local/testing/poll';
import { MAX_CASE_CONNECTIONS } from './connect.handler';

/**
 * Issue 25 item 6 (security review M1): a socket that floods `$default` is closed by the server,
 * while another consultation's room connects and relays its signals. The figures are printed
 * (frames sent before the close, frames answered, the other room's deliveries); the assertions
 * are about what happened, never about how long it took.
 */
/**
 * A stack of its own with a small budget (1 frame a second, bursts of 20): on a busy 2-core
 * machine the local gateway, which runs every handler in one process, reads a flood's frames
 * only a few times faster than the default budget of 5 a second allows, and stamps them as it
 * reads them; a small budget keeps "over budget" unambiguous there. The other room's call (a
 * hello and the doctor's opening burst) fits it, as a real call fits the default
 * (docs/capacity.md, "WebSocket message budget").
 */
const BUDGET = { perSecond: 1, burst: 20 };

let stack: RunningStack;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('frame-budget', { frameBudget: BUDGET }));
}, 120_000);
afterAll(async () => {
  await stop?.();
});

/** More than the budget could ever let through in the time the flood takes (a minute). */
const FLOOD_FRAMES = 3000;
/**
 * The flood's pace: a frame every 20 ms (50 a second, 10 times the budget's rate). Faster, the
 * local gateway (one process running every handler, on 2 shared cores) stamps frames as slowly
 * as it reads them, so their arrival times no longer say how fast they were sent; in the cloud
 * API Gateway stamps each frame as it arrives.
 */
const FLOOD_GAP_MS = 20;
/** A call's opening burst after its hello: an offer and ICE candidates (docs/capacity.md). */
const CALL_SIGNALS = 17;

const candidate = (index: number) => ({
  candidate: `candidate:${index} 1 udp 2122260223 192.0.2.${index % 250} ${50000 + index} typ host`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});

describe('the per-connection message budget', () => {
  it(
    'closes a socket that floods pings, while another room connects and relays every signal',
    { timeout: 120_000 },
    async () => {
      const [room, flooder] = await Promise.all([
        liveCall(stack),
        newCaseId(stack).then((caseId) => openCaseSocket(stack, caseId)),
      ]);
      let closedAfter: number | null = null;
      let sent = 0;
      void flooder.closed.then(() => {
        closedAfter = sent;
      });

      const floodStart = performance.now();
      let floodMs = 0;
      const flood = (async () => {
        const ping = JSON.stringify({ action: 'ping' });
        while (closedAfter === null && sent < FLOOD_FRAMES) {
          flooder.socket.send(ping);
          sent += 1;
          await pause(FLOOD_GAP_MS);
        }
        floodMs = performance.now() - floodStart;
      })();

      // The other room's call connects meanwhile: hello, then the doctor's opening burst.
      const doctorPeer = randomUUID();
      const patientPeer = randomUUID();
      const joined = room.patient.next('PEER_JOINED');
      room.doctor.send({ action: 'hello', peerId: doctorPeer });
      await joined;
      const sentAt = new Map<string, number>();
      const delays: number[] = [];
      const received = new Promise<void>((resolve) => {
        room.patient.socket.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString()) as {
            type: string;
            signal?: { candidate?: { candidate: string } };
          };
          const line = message.type === 'SIGNAL' ? message.signal?.candidate?.candidate : undefined;
          const start = line ? sentAt.get(line) : undefined;
          if (start === undefined) return;
          delays.push(performance.now() - start);
          if (delays.length === CALL_SIGNALS) resolve();
        });
      });
      for (let index = 0; index < CALL_SIGNALS; index += 1) {
        const signal = { candidate: candidate(index) };
        sentAt.set(signal.candidate.candidate, performance.now());
        const seq = index + 1;
        room.doctor.send({ action: 'signal', peerId: doctorPeer, to: patientPeer, seq, signal });
      }
      await received;
      await flood;
      // On a stack without a budget the flood ends with the socket open: nothing to wait for.
      if (closedAfter !== null) await flooder.closed;

      const answered = flooder.messages.filter((message) => message.type === 'PONG').length;
      const sorted = [...delays].sort((a, b) => a - b);
      // The measurement the issue asks for, printed with the run (docs/capacity.md).
      console.warn(
        `flood: ${closedAfter ?? sent} frames sent in ${floodMs.toFixed(0)} ms before the server ` +
          `closed the socket, ` +
          `${answered} answered (budget ${BUDGET.perSecond}/s, burst ${BUDGET.burst}); other room: ` +
          `${delays.length}/${CALL_SIGNALS} signals relayed, median ` +
          `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
      );

      // The flooder was closed by the server before it could send everything it meant to.
      expect(closedAfter).not.toBeNull();
      expect(closedAfter!).toBeLessThan(FLOOD_FRAMES);
      expect(answered).toBeLessThan(closedAfter!);
      // The other room: every signal arrived, and both of its sockets are still open.
      expect(delays).toHaveLength(CALL_SIGNALS);
      expect(room.doctor.socket.readyState).toBe(room.doctor.socket.OPEN);
      expect(room.patient.socket.readyState).toBe(room.patient.socket.OPEN);
      room.doctor.socket.close();
      room.patient.socket.close();
    },
  );

  it('lets at most 5 patient pages of one case listen at once', async () => {
    const caseId = await newCaseId(stack);
    const pages = [];
    for (let page = 0; page < MAX_CASE_CONNECTIONS; page += 1) {
      pages.push(await openCaseSocket(stack, caseId));
    }
    await expect(openCaseSocket(stack, caseId)).rejects.toThrow(/429/);
    // A page that leaves makes room for another.
    pages[0]!.socket.close();
    await pages[0]!.closed;
    const again = await pollUntil('a sixth page after one left', () =>
      openCaseSocket(stack, caseId).then(
        (socket) => socket,
        () => undefined,
      ),
    );
    for (const page of [...pages.slice(1), again]) page.socket.close();
  });
});
