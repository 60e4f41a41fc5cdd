import {
  assumptions,
  concurrentRelayedCalls,
  pollingPages,
  providersOnline,
  wafRateLimits,
} from '../../infra/lib/capacity';
import { ROOM_HEARTBEAT_INTERVAL_MS } from '@shared/meetings/signalling';
import { ON_DUTY_HEARTBEAT_SECONDS } from '@shared/providers/on-duty';
import { PING_INTERVAL_MS, PUSHED_PAGE_POLL_MS } from '@shared/realtime/api';

/**
 * What the cloud load test replays and how it ramps (docs/load-test.md): the pages' own rates,
 * read from the constants the web app and the capacity model use, and the population of each
 * step on the way to the target.
 */

/** How often each page does each thing, as the web app does it (ms). */
export interface PageIntervals {
  /** The visit page's status poll while its case socket is open (the safety net). */
  statusPushedMs: number;
  /** The same while it is not (no ticket, refused, dropped): the spec's 5 s. */
  statusUnpushedMs: number;
  /** The visit page's place and estimate (`GET /api/cases/{caseId}/wait`). */
  waitMs: number;
  /** The dashboard's case list. */
  caseListMs: number;
  /** The dashboard's on-duty heartbeat on its alert socket (issue 28). */
  dutyHeartbeatMs: number;
  /** The keep-alive ping of patient and alert sockets. */
  socketPingMs: number;
  /** The room page's ping during a call (issue 26). */
  roomPingMs: number;
  /** One negotiation round (offer, answer, candidates) per call this often. */
  negotiationMs: number;
}

/**
 * Signals one negotiation round sends: the doctor's offer and the patient's answer, each with
 * `CANDIDATES_PER_PARTY` ICE candidates and the end-of-candidates `null`.
 */
export const CANDIDATES_PER_PARTY = 4;
export const SIGNALS_PER_ROUND = 2 * (1 + CANDIDATES_PER_PARTY + 1);

/**
 * The pages' intervals, divided by `timeScale` (1 in the cloud; larger to squeeze a short run
 * at small scale, e.g. the integration test). Negotiation: the model has
 * `roomsNegotiatingShare` of the rooms sending `signallingMessagesPerRoomPerSecond` at any
 * moment, so one room averages share × rate signals a second: a round of
 * `SIGNALS_PER_ROUND` every `SIGNALS_PER_ROUND / (share × rate)` seconds (10 s today).
 */
export function pageIntervals(timeScale = 1): PageIntervals {
  const signalsPerSecond =
    assumptions.roomsNegotiatingShare * assumptions.signallingMessagesPerRoomPerSecond;
  const base: PageIntervals = {
    statusPushedMs: Math.max(pollingPages.visit[0].everySeconds * 1000, PUSHED_PAGE_POLL_MS),
    statusUnpushedMs: pollingPages.visit[0].everySeconds * 1000,
    waitMs: PUSHED_PAGE_POLL_MS,
    caseListMs: pollingPages.providerDashboard[0].everySeconds * 1000,
    dutyHeartbeatMs: ON_DUTY_HEARTBEAT_SECONDS * 1000,
    socketPingMs: PING_INTERVAL_MS,
    roomPingMs: ROOM_HEARTBEAT_INTERVAL_MS,
    negotiationMs: (SIGNALS_PER_ROUND / signalsPerSecond) * 1000,
  };
  return Object.fromEntries(
    Object.entries(base).map(([name, ms]) => [name, ms / timeScale]),
  ) as unknown as PageIntervals;
}

/** Who is online in one step: waiting patients, signed-in doctors, and calls among them. */
export interface Population {
  patients: number;
  doctors: number;
  calls: number;
}

/**
 * The model's design population for a number of waiting patients: a doctor per 20 waiting
 * (`providersPerWaitingPatient`) and a relayed call per doctor (`concurrentRelayedCalls`).
 */
export function designPopulation(waitingPatients: number): Population {
  return {
    patients: waitingPatients,
    doctors: providersOnline(waitingPatients),
    calls: concurrentRelayedCalls(waitingPatients),
  };
}

/**
 * `steps` equal steps up to the target (the last one is the target): each step adds patients,
 * doctors and calls, never removes any. A call needs a doctor of its own (one claim each).
 */
export function rampSteps(target: Population, steps: number): Population[] {
  if (!Number.isInteger(steps) || steps < 1) throw new Error('steps must be a whole number ≥ 1');
  if (target.calls > target.doctors) throw new Error('each call needs a doctor of its own');
  return Array.from({ length: steps }, (_, index) => {
    const share = (index + 1) / steps;
    return {
      patients: Math.round(target.patients * share),
      doctors: Math.ceil(target.doctors * share),
      calls: Math.round(target.calls * share),
    };
  });
}

/** HTTP requests a second a population sends once every socket is open (polls only). */
export function steadyRequestsPerSecond(population: Population, intervals: PageIntervals): number {
  return (
    population.patients * (1000 / intervals.statusPushedMs + 1000 / intervals.waitMs) +
    population.doctors * (1000 / intervals.caseListMs)
  );
}

/**
 * Load-generator addresses a population needs so that no address passes the stage's WAF rate
 * rules (per client IP over `windowSeconds`: `ApiRate` on `/api/*`, `SignInRate` on the
 * sign-in steps): one load test from one address would be blocked within seconds at design
 * load, as a real crowd from one NAT would. Run that many shards (`--shard i/n`) from as many
 * addresses. Counts the polls with every socket open (without, the status poll is 6× faster).
 */
export function addressesNeeded(population: Population, intervals: PageIntervals): number {
  const limits = wafRateLimits();
  const apiPerWindow =
    steadyRequestsPerSecond(population, intervals) * limits.windowSeconds +
    // Each patient takes a ticket, each doctor one, each call's parties enter the room.
    population.patients +
    population.doctors +
    population.calls * 6;
  // Password step and code step.
  const signInsPerWindow = population.doctors * 2;
  return Math.max(
    1,
    Math.ceil(apiPerWindow / limits.api),
    Math.ceil(signInsPerWindow / limits.signIn),
  );
}

/** The `i`-th of `n` shards of a list (0-based), by stride, so every shard gets a fair mix. */
export function shardOf<T>(items: readonly T[], shard: { index: number; count: number }): T[] {
  return items.filter((_, position) => position % shard.count === shard.index);
}
