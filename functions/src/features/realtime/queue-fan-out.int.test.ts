import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePermissionDenials } from '#local/gateway/permission-check';
import type { RunningStack } from '#local/stack';
import type { AlertSocket } from '#local/testing/alert-socket';
import { openCaseSocket, queueMoves } from '#local/testing/case-socket';
import { claimCase } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import {
  caseWait,
  newCaseId,
  newPaidCaseId,
  newPaidCaseIds,
  payForCase,
} from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import {
  armQueueFanOut,
  disarmQueueFanOut,
  QUEUE_FAN_OUT_WINDOW_MS,
  readQueueFanOutState,
  takeQueueChanges,
  type QueueFanOutState,
} from '#db/queue-fan-out';

/**
 * The queue's fan-out (issue 29, docs/adr/0028) on a stack of this file's own, so its queue holds
 * only these cases and its fan-out state is this file's. Nobody is on duty: the answers carry no
 * estimate, so a page's answer changes exactly when its place does. Every wait polls for an
 * outcome; the one bound on time is the window's (passes at least a second apart), checked on
 * the pass count the worker keeps.
 */
let stack: RunningStack;
let stop: () => Promise<void>;
let doctor: SignedInProvider;
const sockets: AlertSocket[] = [];

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('queue-fan-out', { maxActiveClaims: 100 }));
  doctor = await signInProvider(stack);
}, 120_000);
afterAll(async () => {
  await fanOutIdle();
  for (const page of sockets) page.socket.close();
  await Promise.all(sockets.map((page) => page.closed));
  await stop?.();
  // This stack runs in this worker: a call the local IAM check refused fails the file.
  expect(takePermissionDenials()).toEqual([]);
}, 60_000);

/** The fan-out has nothing left to do and no worker holds it. */
const fanOutIdle = (): Promise<QueueFanOutState> =>
  pollUntil(
    'the queue fan-out idle',
    async () => {
      const state = await readQueueFanOutState();
      return !state.dirty && state.armedUntil === null ? state : undefined;
    },
    { timeoutMs: 20_000 },
  );

async function openPage(caseId: string): Promise<AlertSocket> {
  const page = await openCaseSocket(stack, caseId);
  sockets.push(page);
  return page;
}

/** The places a page was told, in the order it heard them. */
const placesTold = (page: AlertSocket, caseId: string) =>
  queueMoves(page, caseId).map((message) => message.wait);

/** Waits until the page's last `QUEUE_MOVED` names `place`, and answers that answer. */
const toldPlace = (page: AlertSocket, caseId: string, place: number) =>
  pollUntil(
    `${caseId} told place ${place}`,
    () => {
      const last = placesTold(page, caseId).at(-1);
      return Promise.resolve(last?.place === place ? last : undefined);
    },
    { timeoutMs: 15_000 },
  );

const waitOf = (caseId: string) => caseWait(stack, caseId);

/** Takes the file's waiting cases out of the queue before the next test. */
async function claimAll(caseIds: readonly string[]): Promise<void> {
  for (const caseId of caseIds) await claimCase(stack, doctor, caseId);
}

describe('the queue fan-out', () => {
  it('tells a page only when its place changed, and what the route answers', async () => {
    const [first, second, third] = await newPaidCaseIds(stack, 3);
    await fanOutIdle();
    const [secondPage, thirdPage] = await Promise.all([openPage(second!), openPage(third!)]);

    await claimCase(stack, doctor, first!);
    const [toSecond, toThird] = await Promise.all([
      toldPlace(secondPage, second!, 1),
      toldPlace(thirdPage, third!, 2),
    ]);
    expect(toSecond).toEqual(await waitOf(second!));
    expect(toThird).toEqual(await waitOf(third!));

    // A case paid behind them moves nobody: only its own page hears its place.
    const fourth = await newCaseId(stack);
    const fourthPage = await openPage(fourth);
    await payForCase(stack, fourth);
    expect(await toldPlace(fourthPage, fourth, 3)).toEqual(await waitOf(fourth));

    // The second case claimed: the two behind move up, each told once more.
    await claimCase(stack, doctor, second!);
    await Promise.all([toldPlace(thirdPage, third!, 1), toldPlace(fourthPage, fourth, 2)]);
    await fanOutIdle();
    expect(placesTold(secondPage, second!).map((wait) => wait.place)).toEqual([1]);
    expect(placesTold(thirdPage, third!).map((wait) => wait.place)).toEqual([2, 1]);
    expect(placesTold(fourthPage, fourth).map((wait) => wait.place)).toEqual([3, 2]);
    expect(placesTold(fourthPage, fourth).at(-1)).toEqual(await waitOf(fourth));
    await claimAll([third!, fourth]);
  });

  it('coalesces a burst of changes into at most one pass a second', async () => {
    const burst = 8;
    const caseIds = await newPaidCaseIds(stack, burst + 1);
    const last = caseIds.at(-1)!;
    const before = await fanOutIdle();
    const lastPage = await openPage(last);
    const startedAt = Date.now();

    // Every case ahead of the last is claimed at once: `burst` changes of the queue.
    await Promise.all(caseIds.slice(0, burst).map((caseId) => claimCase(stack, doctor, caseId)));
    await toldPlace(lastPage, last, 1);
    const after = await fanOutIdle();
    const elapsed = Date.now() - startedAt;

    const passes = after.passes - before.passes;
    expect(passes).toBeGreaterThan(0);
    // Passes start at least a window apart: no more than the time allowed, whatever the changes.
    expect(passes).toBeLessThanOrEqual(Math.floor(elapsed / QUEUE_FAN_OUT_WINDOW_MS) + 1);
    // The page heard one message per pass at most (not one per change), the last one right.
    expect(placesTold(lastPage, last).length).toBeLessThanOrEqual(passes);
    expect(placesTold(lastPage, last).at(-1)).toEqual(await waitOf(last));
    await claimAll([last]);
  });

  it('does not make the request that changed the queue wait for the fan-out', async () => {
    const [ahead, behind] = await newPaidCaseIds(stack, 2);
    await fanOutIdle();
    const behindPage = await openPage(behind!);

    // A worker holds the fan-out and has taken every change so far: it is busy elsewhere.
    const now = Date.now();
    expect(await armQueueFanOut(now, now + 60_000)).toBe(true);
    const heldUntil = Date.now();
    expect(await takeQueueChanges(heldUntil, 60_000)).toBe(true);

    // The claim answers; all it left is the mark for that worker's next pass.
    await claimCase(stack, doctor, ahead!);
    const held = await readQueueFanOutState();
    expect(held.dirty).toBe(true);
    expect(held.armedUntil).toBe(heldUntil + 60_000);
    expect(placesTold(behindPage, behind!)).toEqual([]);

    // The worker is gone: the next change takes the fan-out over, and one pass tells both.
    expect(await disarmQueueFanOut(heldUntil + 60_000)).toBe(true);
    const next = await newPaidCaseId(stack);
    const told = await toldPlace(behindPage, behind!, 1);
    expect(told).toEqual(await waitOf(behind!));
    await claimAll([behind!, next]);
  });
});
