import { pollingPages } from '../../infra/lib/capacity';
import type { RunningStack } from '#local/stack';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import type { WaitingPage, WaitingPatient, WaitingRoomFigures, WaitingRoomJob } from './jobs';
import { inLoadProcess } from './load-process';
import { splitByShare } from './open-loop';
import type { SeededCase } from './seed';

/** Issue 12's waiting room: 60 % on the visit page, 20 % processing, 20 % verification. */
export const WAITING_MIX = [
  { page: 'visit', share: 0.6 },
  { page: 'paymentProcessing', share: 0.2 },
  { page: 'paymentVerification', share: 0.2 },
] as const satisfies readonly { page: WaitingPage; share: number }[];

/**
 * The spec's polling intervals (patient-side.md §9: 5 s, 2 s, 1 s), read from the capacity
 * model, whose test checks them against the web's constants.
 */
export const SPEC_INTERVAL_MS: Record<WaitingPage, number> = {
  visit: pollingPages.visit[0].everySeconds * 1000,
  paymentProcessing: pollingPages.paymentProcessing[0].everySeconds * 1000,
  paymentVerification: pollingPages.paymentVerification[0].everySeconds * 1000,
};

/** Issue 12's push protocol: while the socket is open, every page polls only every 30 s. */
export const PUSH_SAFETY_NET_MS = 30_000;

/**
 * Durations, chosen to keep the four runs near 3 minutes on a quiet machine:
 * - without push, 10 s of warm-up (the jittered start spreads over the longest interval, 5 s,
 *   and every patient has polled at least twice before the window) and 20 s measured: four
 *   polls of each visit page, twenty of each verification page; 8,400 samples at 1,000 patients;
 * - with push, 5 s of warm-up after the sockets are open and 30 s measured: one safety-net
 *   interval, so every patient polls exactly once in the window (its phase is random) and the
 *   rate per patient-minute is exact.
 * A poll unanswered 10 s after it was due is a timeout: two visit-page intervals, and past the
 * point where a patient sees a stale page.
 */
export const WAITING_RUN = {
  withoutPush: { warmupMs: 10_000, measureMs: 20_000 },
  withPush: { warmupMs: 5_000, measureMs: 30_000 },
  timeoutMs: 10_000,
} as const;

/** The first `count` seeded cases, split over the waiting pages by `WAITING_MIX`. */
export function waitingPatients(seeded: SeededCase[], count: number): WaitingPatient[] {
  if (seeded.length < count) throw new Error(`only ${seeded.length} cases seeded for ${count}`);
  let next = 0;
  return splitByShare(count, WAITING_MIX).flatMap(({ page, count: onPage }) =>
    seeded.slice(next, (next += onPage)).map((seededCase) => ({ page, ...seededCase })),
  );
}

/** Requests per patient-minute the pages make at the spec's rates (25.2 for this mix). */
export const specRequestsPerPatientMinute = WAITING_MIX.reduce(
  (sum, { page, share }) => sum + (share * 60_000) / SPEC_INTERVAL_MS[page],
  0,
);

export function runWaitingRoom(
  stack: RunningStack,
  patients: WaitingPatient[],
  push: boolean,
): Promise<WaitingRoomFigures> {
  const intervalMs = push
    ? {
        visit: PUSH_SAFETY_NET_MS,
        paymentProcessing: PUSH_SAFETY_NET_MS,
        paymentVerification: PUSH_SAFETY_NET_MS,
      }
    : SPEC_INTERVAL_MS;
  return inLoadProcess<WaitingRoomJob>({
    kind: 'waiting-room',
    appUrl: stack.appUrl,
    patients,
    intervalMs,
    push,
    ...(push ? WAITING_RUN.withPush : WAITING_RUN.withoutPush),
    timeoutMs: WAITING_RUN.timeoutMs,
  });
}

/**
 * After a run past capacity the gateway may still be working off requests whose clients gave
 * up: waits (up to 60 s) until a status poll is answered 200 within 100 ms, so the next run
 * starts on a quiet stack. Returns how long that took.
 */
export async function waitUntilQuiet(stack: RunningStack, caseId: string): Promise<number> {
  const url = `${stack.appUrl}${pathOf(caseContracts.getCaseStatus, { caseId })}`;
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const sent = performance.now();
    const answer = await fetch(url).catch(() => null);
    await answer?.arrayBuffer();
    if (answer?.status === 200 && performance.now() - sent < 100) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return performance.now() - started;
}
