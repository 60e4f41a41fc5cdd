import { PAID_CASES_COUNTER_PARTITION } from '#db/case-counters';
import { CASE_QUEUE } from '#db/cases/keys';
import { CASE_PAGE_SHARDS, CASE_PAGES_PREFIX } from '#db/connections';
import { lists } from '#db/keys';
import {
  QUEUE_FAN_OUT_PARTITION,
  QUEUE_FAN_OUT_WINDOW_MS,
  QUEUE_MARK_STRIDE,
} from '#db/queue-fan-out';
import { WAIT_STATS_PARTITION } from '#db/wait-stats';
import { WAITING_BASELINE_PARTITION, WAITING_COUNTER_PREFIX } from '#db/waiting-counter';
import { RECENT_ON_DUTY_MAX_AGE_MS } from '#features/providers/on-duty';
import { rateLimitPolicies } from '#lib/rate-limits';
import { DOCTORS_ON_DUTY_MAX_AGE_SECONDS } from '../../shared/src/providers/contracts/get-doctors-on-duty';
import { PUSHED_PAGE_POLL_MS } from '../../shared/src/realtime/api';
import { MEETING_DURATION_MINUTES } from '../../shared/src/payments/constants';
import { DEFAULT_WAIT_PROMISE_MINUTES } from '../../shared/src/payments/money';
import {
  adminLogin,
  adminLoginCode,
  confirmApplicationDocument,
  createDoctorApplication,
  getCaseStatus,
  getPaymentVerification,
  getVideoAccess,
  listCases,
  providerLogin,
  providerLoginCode,
  routeKey,
  uploadApplicationDocument,
  type HttpRoute,
} from '#routes';
import {
  alertReloadsPerSecond,
  webSocketConnectsPerSecond,
  webSocketMessagesPerSecond,
} from './capacity/sockets';

import { caseListRequestsPerSecond } from './capacity/sockets';

export * from './capacity/limits';
export * from './capacity/queue-pushes';
export * from './capacity/quotas';
export * from './capacity/schedules';
export * from './capacity/sockets';

/**
 * The capacity model (docs/capacity.md): what the pages poll, how many requests a waiting
 * patient makes, and every limit the stack derives from it: the HTTP API stage throttle, the
 * per-route throttles of sign-in and apply, the WebSocket stage throttle and the WAF rate rules.
 * The stack reads its numbers only from here, so changing an assumption changes the stack, and
 * the template tests compare the template with this module (infra/test/capacity-drift.test.ts:
 * every figure). Issue 29's parts are modules of their own, re-exported here: every socket,
 * message and push (capacity/sockets.ts, capacity/queue-pushes.ts), Scheduler and SES
 * (capacity/schedules.ts), the AWS quotas (capacity/quotas.ts), and every limit with the most
 * the stage holds (capacity/limits.ts).
 */

/** One polled call of a page: the route and the spec's interval. */
export interface Poll {
  readonly route: HttpRoute;
  readonly everySeconds: number;
}

/**
 * The pages that poll, with the spec's intervals (patient-side.md §4 and §7,
 * provider-admin-side.md §7; the web constants are checked against these in
 * infra/test/capacity.test.ts). Pages that do not poll make a handful of calls per visit and
 * are covered by the headroom factor.
 */
export const pollingPages = {
  /** After Stripe's success page: case status every 2 s until paid. */
  paymentProcessing: [{ route: getCaseStatus, everySeconds: 2 }],
  /** The waiting room (`/visit/{caseId}`): case status every 5 s. */
  visit: [{ route: getCaseStatus, everySeconds: 5 }],
  /** Video access: every 30 s. */
  videoAccess: [{ route: getVideoAccess, everySeconds: 30 }],
  /** Payment verification: every 1 s while in the foreground, until settled. */
  paymentVerification: [{ route: getPaymentVerification, everySeconds: 1 }],
  /** A signed-in provider's dashboard: the case list every 30 s. */
  providerDashboard: [{ route: listCases, everySeconds: 30 }],
} as const satisfies Record<string, readonly Poll[]>;

export type PollingPage = keyof typeof pollingPages;

/** Requests per minute one open page makes. */
export function requestsPerMinute(page: PollingPage): number {
  return pollingPages[page].reduce((sum, poll) => sum + 60 / poll.everySeconds, 0);
}

/**
 * The assumptions of the model. Each is a judgement, written down so it can be argued with;
 * docs/capacity.md explains them.
 */
export const assumptions = {
  /** The design load: patients waiting for a doctor at the same time, on the visit page. */
  waitingPatients: 10_000,
  /** The page a waiting patient keeps open. */
  waitingPage: 'visit' as PollingPage,
  /** Doctors signed in per waiting patient (one doctor per 20 waiting patients). */
  providersPerWaitingPatient: 1 / 20,
  /**
   * The stage throttle over the steady polling: patients passing through the faster pages
   * (processing 2 s, verification 1 s) on their way to the visit page, the one-off calls of
   * the journey (intake, checkout, room entry), and clients retrying after an error.
   */
  headroom: 2,
  /**
   * People behind one address (a clinic, an office, a carrier-grade NAT): WAF counts per IP,
   * and none of them may be blocked for using the product.
   */
  peoplePerAddress: 10,
  /** Documents an applicant uploads (licence, ID, CV, certificates): two calls each. */
  documentsPerApplication: 5,
  /** Sign-ins one person may make in 5 minutes (typos, a second device). */
  signInsPerPersonPer5Minutes: 3,
  /** Doctors signing in within the same second at a shift change, across the service. */
  concurrentSignInsPerSecond: 20,
  /** Applications submitted within the same second across the service (a recruiting drive). */
  concurrentApplicationsPerSecond: 2,
  /**
   * Rooms that negotiate (offer, answer, ICE candidates) at the same moment, as a share of the
   * signed-in doctors (one room each at most). A negotiation takes seconds of a 15-minute
   * call, so 10% already assumes many calls starting together.
   */
  roomsNegotiatingShare: 0.1,
  /** Signalling messages one room sends per second while it negotiates. */
  signallingMessagesPerRoomPerSecond: 10,
  /** After a network blip every doctor's alert connection comes back within this many seconds. */
  alertReconnectSpreadSeconds: 10,
} as const;

/** API Gateway's default account throttle per region (HTTP, REST and WebSocket together). */
export const accountQuotas = {
  apiGatewayRequestsPerSecond: 10_000,
  apiGatewayBurst: 5_000,
  webSocketNewConnectionsPerSecond: 500,
  lambdaConcurrency: 1_000,
} as const;

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;

/** An API Gateway throttle: steady requests per second and the token bucket's size. */
export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** Providers signed in at the design load. */
export function providersOnline(waitingPatients: number): number {
  return Math.ceil(waitingPatients * assumptions.providersPerWaitingPatient);
}

/** Steady polling requests per second of the API at a number of waiting patients. */
export function pollingRequestsPerSecond(waitingPatients: number): number {
  const patients = (waitingPatients * requestsPerMinute(assumptions.waitingPage)) / 60;
  const providers =
    (providersOnline(waitingPatients) * requestsPerMinute('providerDashboard')) / 60;
  return patients + providers;
}

/**
 * Steady requests per second of the HTTP API: the polling, and the case lists every dashboard
 * reloads when an alert reaches it (issue 29: more than the dashboards' own polling).
 */
export function httpRequestsPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  return pollingRequestsPerSecond(waitingPatients) + alertReloadsPerSecond(waitingPatients);
}

/**
 * The HTTP API stage throttle: the design load's requests with headroom, rounded up to 100 rps;
 * the burst is one second of that rate, within the account's burst bucket.
 */
export function httpStageThrottle(waitingPatients: number = assumptions.waitingPatients): Throttle {
  const rateLimit = roundUp(httpRequestsPerSecond(waitingPatients) * assumptions.headroom, 100);
  return {
    rateLimit,
    burstLimit: Math.min(rateLimit, accountQuotas.apiGatewayBurst),
  };
}

/** The routes of the tighter limits: sign-in (bcrypt work, guessing) and the doctor application. */
export const signInRoutes: readonly HttpRoute[] = [
  providerLogin,
  providerLoginCode,
  adminLogin,
  adminLoginCode,
];
export const applyRoutes: readonly HttpRoute[] = [
  createDoctorApplication,
  uploadApplicationDocument,
  confirmApplicationDocument,
];

/**
 * Per-route throttles of the HTTP API stage (all clients together), keyed by route key: a
 * password spray from many addresses or a flood of applications cannot take the stage's
 * capacity from the waiting patients. Twice the expected peak, rounded up to 10.
 */
export function routeThrottles(): Record<string, Throttle> {
  const signIn = roundUp(assumptions.concurrentSignInsPerSecond * 2, 10);
  const applyCalls = 1 + 2 * assumptions.documentsPerApplication;
  const apply = roundUp(assumptions.concurrentApplicationsPerSecond * applyCalls * 2, 10);
  const entry = (route: HttpRoute, rateLimit: number): [string, Throttle] => [
    routeKey(route),
    { rateLimit, burstLimit: rateLimit * 2 },
  ];
  return Object.fromEntries([
    ...signInRoutes.map((route) => entry(route, signIn)),
    ...applyRoutes.map((route) => entry(route, apply)),
  ]);
}

/**
 * The WebSocket stage throttle (messages and connection attempts per second): the rooms that
 * negotiate at once and every socket's pings and heartbeats, plus every doctor's alert
 * connection coming back after a blip and the steady connects, with the headroom; rounded up to
 * 100.
 */
export function webSocketStageThrottle(
  waitingPatients: number = assumptions.waitingPatients,
): Throttle {
  const { signalling, connects } = webSocketLoad(waitingPatients);
  const rateLimit = roundUp((signalling + connects) * assumptions.headroom, 100);
  return { rateLimit, burstLimit: Math.min(rateLimit, accountQuotas.apiGatewayBurst) };
}

/** Messages and connection attempts per second the WebSocket stage is sized for, before headroom. */
export function webSocketRequestsPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const { signalling, connects } = webSocketLoad(waitingPatients);
  return signalling + connects;
}

/**
 * The WebSocket API's expected peak: messages (the negotiating rooms' signalling and every
 * socket's pings and heartbeats) and connection attempts (the doctors back after a blip, and
 * the steady connects of capacity/sockets.ts) per second. Patients' sockets back after a blip
 * are not sized for: the `$connect` throttle spreads them, and their pages poll at the spec's
 * rates meanwhile, which the HTTP stage is sized for.
 */
function webSocketLoad(waitingPatients: number): { signalling: number; connects: number } {
  const providers = providersOnline(waitingPatients);
  const { pings, heartbeats, roomHeartbeats } = webSocketMessagesPerSecond(waitingPatients);
  return {
    signalling:
      providers *
        assumptions.roomsNegotiatingShare *
        assumptions.signallingMessagesPerRoomPerSecond +
      pings +
      heartbeats +
      roomHeartbeats,
    connects:
      providers / assumptions.alertReconnectSpreadSeconds +
      webSocketConnectsPerSecond(waitingPatients),
  };
}

/**
 * Per-route throttles of the WebSocket stage (issue 25, security review M1), keyed by route key:
 * messages (`$default`) and connection attempts (`$connect`) each get their share of the stage's
 * limit, so a flood of frames cannot refuse new connections and a storm of connects cannot
 * stall the rooms' signalling. Per client, the budget of each connection does the rest
 * (functions/src/features/realtime/frame-budget.ts): API Gateway throttles are never per client.
 */
export function webSocketRouteThrottles(
  waitingPatients: number = assumptions.waitingPatients,
): Record<'$default' | '$connect', Throttle> {
  const { signalling, connects } = webSocketLoad(waitingPatients);
  const throttle = (perSecond: number): Throttle => {
    const rateLimit = roundUp(perSecond * assumptions.headroom, 100);
    return { rateLimit, burstLimit: Math.min(rateLimit, accountQuotas.apiGatewayBurst) };
  };
  return { $default: throttle(signalling), $connect: throttle(connects) };
}

/** WAF counts requests per client IP over this window (60, 120, 300 or 600 s). */
export const wafWindowSeconds = 300;

/** Requests one person makes in the WAF window at a page's polling rate. */
const perWindow = (requestsPerMinuteValue: number) =>
  (requestsPerMinuteValue * wafWindowSeconds) / 60;

/**
 * The WAF rate-based rules, per client IP over `wafWindowSeconds`:
 * - `api`: every `/api/*` request. The fastest page (payment verification, 1 s) for every
 *   person behind one address, twice: a patient polling at 1 s is never blocked, even with
 *   nine others behind the same NAT.
 * - `signIn`: the sign-in routes: each person's sign-ins behind one address, twice. Tighter
 *   than the app's own per-client limit (functions/src/lib/rate-limits.ts, 30 a minute), which
 *   with the growing delays per account stays the precise check; WAF stops a guesser from
 *   one address before it costs a Lambda invocation.
 * - `apply`: the application routes: one application with its documents per person behind one
 *   address, twice, and at least the app's own allowance for new applications.
 */
export function wafRateLimits() {
  const fastest = Math.max(
    ...Object.keys(pollingPages).map((page) => requestsPerMinute(page as PollingPage)),
  );
  const people = assumptions.peoplePerAddress;
  const applyCalls = 1 + 2 * assumptions.documentsPerApplication;
  const appApplications =
    (rateLimitPolicies.applications.limit * wafWindowSeconds) /
    rateLimitPolicies.applications.windowSeconds;
  return {
    windowSeconds: wafWindowSeconds,
    api: roundUp(people * perWindow(fastest) * 2, 100),
    signIn: roundUp(
      people * assumptions.signInsPerPersonPer5Minutes * (wafWindowSeconds / 300) * 2,
      10,
    ),
    apply: roundUp(Math.max(people * applyCalls, appApplications) * 2, 10),
  };
}

/**
 * Kinesis Video Streams with WebRTC quotas (docs/capacity.md "TURN" cites the page,
 * kvswebrtc-limits, and says which figures could be confirmed here). All are per region.
 */
export const kvsQuotas = {
  /**
   * TURN allocations one signaling channel's credentials may hold at once (hard). Not
   * confirmed here: the page's "TURN service quotas" table could not be read from this work's
   * sources; the figure is the one recorded by the 2026-11-28 video and cloud reviews.
   */
  turnAllocationsPerChannel: 50,
  /** `GetIceServerConfig` per signaling channel (hard); unconfirmed, as above. */
  getIceServerConfigPerChannelPerSecond: 5,
  /** `GetIceServerConfig` per account (soft); unconfirmed, as above. */
  getIceServerConfigPerAccountPerSecond: 100,
  /** Signaling channels per account (confirmed): 10,000 in us-east-1 and us-west-2, else 5,000. */
  channelsPerAccount: 5_000,
} as const;

/**
 * The TURN assumptions: what a relayed call holds on the Kinesis Video TURN servers. Each is a
 * judgement; docs/capacity.md gives the arithmetic.
 */
export const turnAssumptions = {
  /** A call is between two parties; each gathers its own relay candidates. */
  partiesPerCall: 2,
  /**
   * The room session gives each party one TURN server with two URIs, its UDP one and its TLS
   * one over TCP (functions/src/lib/ice/turn-servers.ts): a browser allocates once per URI it
   * can use, on every network interface it gathers from.
   */
  turnUrisPerParty: 2,
  /** Interfaces a browser gathers relay candidates on: one route to the internet. */
  interfacesPerParty: 1,
  /**
   * Transports the doctor's offer gathers on before the patient's answer bundles them: one per
   * media kind (camera and microphone) under the room's default bundle policy. Measured by
   * e2e/turn-allocations.e2e.test.ts: the offer allocates on both, then releases one.
   */
  transportsPerOffer: 2,
  /**
   * Share of a channel's allocations not planned for: during an ICE restart a party holds its
   * old and its new allocations until the old pair is dropped, and a phone on Wi-Fi and
   * cellular gathers on both.
   */
  allocationHeadroom: 0.2,
  /**
   * Parties are spread over the pool by a hash of their client id, not by a shared counter, so
   * some channels get more than the average. The pool is sized so that at the design peak the
   * chance that any channel has more parties than it holds stays below this.
   */
  overflowProbability: 0.05,
  /** Length of a consultation (DESIGN.md §7, `MEETING_DURATION_SECONDS` default). */
  callSeconds: 900,
} as const;

/** Relayed consultations at once at the design load: one per signed-in doctor (the goal: 500). */
export function concurrentRelayedCalls(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  return providersOnline(waitingPatients);
}

/** TURN allocations one party holds in steady state (relay-only). */
export function allocationsPerParty(): number {
  return turnAssumptions.turnUrisPerParty * turnAssumptions.interfacesPerParty;
}

/**
 * TURN allocations the offering party (the doctor) makes while it negotiates: every transport
 * of the offer, until the answer bundles them and the extra ones are released (seconds).
 */
export function offerAllocationsPerParty(): number {
  return turnAssumptions.transportsPerOffer * allocationsPerParty();
}

/** TURN allocations one relayed call holds in steady state. */
export function allocationsPerCall(): number {
  return turnAssumptions.partiesPerCall * allocationsPerParty();
}

/** Parties one channel is planned to hold: its allocations less the headroom. */
export function partiesPerChannel(): number {
  const usable = kvsQuotas.turnAllocationsPerChannel * (1 - turnAssumptions.allocationHeadroom);
  return Math.floor(usable / allocationsPerParty());
}

/** P(X > limit) for X ~ Binomial(trials, p): how often one channel gets more than `limit`. */
function binomialTailAbove(trials: number, p: number, limit: number): number {
  let term = (1 - p) ** trials;
  let atMost = term;
  for (let k = 1; k <= limit; k += 1) {
    term *= ((trials - k + 1) / k) * (p / (1 - p));
    atMost += term;
  }
  return Math.max(0, 1 - atMost);
}

/**
 * The chance (union bound) that some channel of a pool of `channels` is asked for more parties
 * than it holds when `calls` calls run at once, their parties hashed over the pool.
 */
export function poolOverflowProbability(channels: number, calls: number): number {
  if (channels === 1) return calls * turnAssumptions.partiesPerCall > partiesPerChannel() ? 1 : 0;
  const parties = calls * turnAssumptions.partiesPerCall;
  return channels * binomialTailAbove(parties, 1 / channels, partiesPerChannel());
}

/**
 * The stage's TURN channel pool: the fewest channels that hold the calls with the accepted
 * overflow probability.
 */
export function turnChannelCount(calls = concurrentRelayedCalls()): number {
  let channels = Math.ceil((calls * turnAssumptions.partiesPerCall) / partiesPerChannel());
  while (poolOverflowProbability(channels, calls) > turnAssumptions.overflowProbability) {
    channels += 1;
  }
  return channels;
}

/** The most concurrent relayed calls a pool of `channels` holds under the same bound. */
export function callsHeldByPool(channels = turnChannelCount()): number {
  let calls = 0;
  while (poolOverflowProbability(channels, calls + 1) <= turnAssumptions.overflowProbability) {
    calls += 1;
  }
  return calls;
}

/**
 * `GetIceServerConfig` calls per second from room entries at `calls` concurrent calls: every
 * party enters once per call (calls start evenly over a call's length). Rejoins within a
 * credential's reuse window are answered from the room session's cache.
 */
export function getIceServerConfigPerSecond(calls = concurrentRelayedCalls()): number {
  return (calls * turnAssumptions.partiesPerCall) / turnAssumptions.callSeconds;
}

// ── The queue's fan-out and the waiting room's reads (issue 29, docs/adr/0028) ──────────────

/**
 * DynamoDB's limit per partition (of the table or of an index), whatever the table's capacity
 * mode; the model keeps every hot partition under half of it.
 */
export const dynamoDbPartitionQuota = {
  readUnitsPerSecond: 3_000,
  writeUnitsPerSecond: 1_000,
  /** The share of it the model allows: half, so a burst or an uneven second does not throttle. */
  allowedShare: 0.5,
} as const;

/** What one partition carries at the design load: its read and write units per second. */
export interface PartitionLoad {
  /** The partition, as `index partition-key` or the table's partition key. */
  readonly partition: string;
  /** What reads and writes it, and the arithmetic (docs/capacity.md says the same). */
  readonly what: string;
  readonly readUnitsPerSecond: number;
  readonly writeUnitsPerSecond: number;
}

/**
 * The assumptions of the fan-out's arithmetic. Item sizes are estimates from the attributes the
 * items carry (names and values, plus DynamoDB's 100 bytes per index entry), rounded up.
 */
export const queueFanOutAssumptions = {
  /** A consultation and the claim before it: how long a doctor is busy with one case. */
  secondsPerCase: turnAssumptions.callSeconds + 120,
  /** Changes of the queue per case served: paid, claimed, started. */
  queueChangesPerCase: 3,
  /** Open patient pages (tabs) per waiting case. */
  pagesPerWaitingCase: 1,
  /** One entry of the small `queue` index: keys, id, status, request type, lease end. */
  queueIndexEntryBytes: 300,
  /** One patient page's connection as gsi1 projects it (all attributes) on `CASE_PAGES#…`. */
  casePageEntryBytes: 500,
  /** One open dashboard's connection on the alert list (gsi1 `CONNECTIONS`). */
  alertConnectionEntryBytes: 500,
  /** One mark of the marks item (a queue sort key and a number). */
  markBytes: 70,
  /** The three wait statistics items together (51 samples each). */
  waitStatsBytes: 2_000,
  /** Warm handler duration (`assumptions` above): instances = requests/s × this. */
  handlerSeconds: 0.06,
  /** Landing and payment-choice pages polling the doctors on duty (docs/capacity.md). */
  dutyPollingPages: 10_000,
  /** Their poll (`DOCTORS_ON_DUTY_POLL_MS`, 15 s). */
  dutyPollSeconds: 15,
} as const;

/**
 * Read units of an eventually consistent Query or GetItem of `bytes`: half a unit per 4 KB, the
 * whole answer rounded up, and never less than half a unit.
 */
const eventualReadUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 4_096)) * 0.5;
/** Write units of writing an item (or an index entry) of `bytes` (1 per 1 KB). */
const writeUnits = (bytes: number) => Math.ceil(bytes / 1024);

/** Cases served (and paid) per second at the design load, by Little's law on the doctors. */
export function casesServedPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  return providersOnline(waitingPatients) / queueFanOutAssumptions.secondsPerCase;
}

/** Fan-out passes per second: one per change, at most one per window (`QUEUE_FAN_OUT_WINDOW_MS`). */
export function queueFanOutPassesPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const changes =
    casesServedPerSecond(waitingPatients) * queueFanOutAssumptions.queueChangesPerCase;
  return Math.min(changes, 1000 / QUEUE_FAN_OUT_WINDOW_MS);
}

/**
 * The reads and writes of the waiting room's side of the queue on each partition they touch, at
 * the design load (docs/capacity.md, "The queue's push"): the fan-out's passes, the wait route's
 * polls (every waiting page every `PUSHED_PAGE_POLL_MS`), and the doctors-on-duty counts.
 */
export function queueFanOutPartitionLoads(
  waitingPatients = assumptions.waitingPatients,
): PartitionLoad[] {
  const a = queueFanOutAssumptions;
  const passes = queueFanOutPassesPerSecond(waitingPatients);
  const changes = casesServedPerSecond(waitingPatients) * a.queueChangesPerCase;
  const pages = waitingPatients * a.pagesPerWaitingCase;
  const waitPolls = pages / (PUSHED_PAGE_POLL_MS / 1000);
  const doctors = providersOnline(waitingPatients);
  const marks = Math.ceil(waitingPatients / QUEUE_MARK_STRIDE);
  // The route counts from the nearest mark: a stride of waiting cases, plus the live claims
  // among them (claims live about two minutes, spread over the queue).
  const liveClaims = casesServedPerSecond(waitingPatients) * 120;
  const countedPerPoll = QUEUE_MARK_STRIDE + liveClaims / marks;
  const waitInstances = waitPolls * a.handlerSeconds;
  const dutyInstances = (a.dutyPollingPages / a.dutyPollSeconds) * a.handlerSeconds;
  const dutyCounts =
    passes +
    waitInstances / (RECENT_ON_DUTY_MAX_AGE_MS / 1000) +
    dutyInstances / DOCTORS_ON_DUTY_MAX_AGE_SECONDS;
  const shardPages = pages / CASE_PAGE_SHARDS;
  return [
    {
      partition: `queue ${CASE_QUEUE}`,
      what:
        'the fan-out reads the whole queue once a pass; each wait poll counts from its mark; ' +
        'a case entering or leaving writes its entry',
      readUnitsPerSecond:
        passes * eventualReadUnits(waitingPatients * a.queueIndexEntryBytes) +
        waitPolls * eventualReadUnits(countedPerPoll * a.queueIndexEntryBytes),
      writeUnitsPerSecond: changes * writeUnits(a.queueIndexEntryBytes),
    },
    {
      partition: `table ${QUEUE_FAN_OUT_PARTITION}`,
      what:
        'each wait poll reads the marks; each pass reads the state, takes the changes and ' +
        'writes the marks; each change arms or marks the state',
      readUnitsPerSecond: waitPolls * eventualReadUnits(marks * a.markBytes) + passes * 2,
      writeUnitsPerSecond: passes * (1 + writeUnits(marks * a.markBytes)) + changes * 2,
    },
    {
      partition: `gsi1 ${CASE_PAGES_PREFIX}{0…${CASE_PAGE_SHARDS - 1}} (each)`,
      what: 'the fan-out reads every shard once a pass; a page opening or closing writes one',
      readUnitsPerSecond: passes * eventualReadUnits(shardPages * a.casePageEntryBytes),
      writeUnitsPerSecond: 0,
    },
    {
      partition: `gsi1 ${lists.connections}`,
      what:
        'doctors-on-duty counts: each pass, each wait instance every 2 s, each public ' +
        'route instance every 10 s; each dashboard heartbeat (one a minute) writes its entry',
      readUnitsPerSecond: dutyCounts * eventualReadUnits(doctors * a.alertConnectionEntryBytes),
      writeUnitsPerSecond: (doctors / 60) * writeUnits(a.alertConnectionEntryBytes),
    },
    {
      partition: `table ${WAIT_STATS_PARTITION}`,
      what:
        'each wait poll and each pass reads the three statistics items; a served case adds ' +
        'two samples',
      readUnitsPerSecond: (waitPolls + passes) * eventualReadUnits(a.waitStatsBytes),
      writeUnitsPerSecond:
        casesServedPerSecond(waitingPatients) * 2 * writeUnits(a.waitStatsBytes / 3),
    },
  ];
}

// ── DynamoDB: the hot partitions (issue 29 item 1) ──────────────────────────────────────────

/** The assumptions of the partition arithmetic; docs/capacity.md "DynamoDB" explains them. */
export const dynamoDbAssumptions = {
  /** A queued case item as the queue index projects it (ALL), with a short intake. */
  caseItemBytes: 1_024,
  /** A claim's lease item in `CLAIM_LEASES` (db/claim-leases.ts), keys and tag. */
  leaseItemBytes: 200,
  /** Cases on the Available page's Query: the default page and the one that says more exist. */
  availablePageItems: 26,
  /** The waiting counter's shards (db/waiting-counter.ts WAITING_COUNTER_SHARDS). */
  waitingCounterShards: 8,
  /** How long a lapsed claim waits for the Scheduler's release (its run is up to a minute late). */
  releaseDelaySeconds: 60,
  /** The share of claims whose lease lapses (the doctor never started the call). */
  lapsingClaimShare: 0.1,
} as const;

/**
 * Paid events per second at `waitingPatients` waiting (a payment, or a "Keep waiting"
 * re-authorization): each waiting patient is paid within one wait promise, so the queue holds
 * waiting / promise payments a second.
 */
export function paidEventsPerSecond(waitingPatients = assumptions.waitingPatients): number {
  return waitingPatients / (DEFAULT_WAIT_PROMISE_MINUTES * 60);
}

/** Claims per second: every signed-in doctor takes a case per consultation. */
export function claimsPerSecond(waitingPatients = assumptions.waitingPatients): number {
  return providersOnline(waitingPatients) / (MEETING_DURATION_MINUTES * 60);
}

/**
 * `GET /api/cases` per second over every open dashboard: the 30 s beat, and an alert's refresh
 * at most every `ALERT_REFRESH_MIN_MS` (capacity/sockets.ts `caseListRequestsPerSecond`).
 */
export function dashboardRefreshesPerSecond(waitingPatients = assumptions.waitingPatients): number {
  return caseListRequestsPerSecond(waitingPatients);
}

/**
 * The hottest partitions the dashboards read, at `waitingPatients` waiting (docs/capacity.md
 * "DynamoDB"). Other parts of the model add their own entries (the patients' queue reads); a
 * partition named twice is summed by `partitionTotals`.
 */
export function dashboardPartitionLoads(
  waitingPatients = assumptions.waitingPatients,
): PartitionLoad[] {
  const refreshes = dashboardRefreshesPerSecond(waitingPatients);
  const a = dynamoDbAssumptions;
  const claims = claimsPerSecond(waitingPatients);
  const lapsedAtOnce = claims * a.lapsingClaimShare * a.releaseDelaySeconds;
  // Each transition into or out of the stored paid status is a transactional write (2 units) of
  // one shard: payments, claims of paid cases, releases.
  const counterChanges = paidEventsPerSecond(waitingPatients) + claims * (1 + a.lapsingClaimShare);
  return [
    {
      partition: `gsi2 ${CASE_QUEUE}`,
      readUnitsPerSecond: refreshes * eventualReadUnits(a.availablePageItems * a.caseItemBytes),
      writeUnitsPerSecond: 0,
      what: 'the Available page (26 cases) of every refresh; no count of the queue',
    },
    {
      partition: `table ${WAITING_COUNTER_PREFIX}{n} (each shard)`,
      readUnitsPerSecond: refreshes * eventualReadUnits(100),
      writeUnitsPerSecond: (2 * counterChanges) / a.waitingCounterShards,
      what: 'every shard read in the BatchGetItem of every refresh',
    },
    {
      partition: `table ${WAITING_BASELINE_PARTITION}`,
      readUnitsPerSecond: refreshes * eventualReadUnits(100),
      writeUnitsPerSecond: 0,
      what: 'the baseline, read with the shards',
    },
    {
      partition: `table ${PAID_CASES_COUNTER_PARTITION}`,
      readUnitsPerSecond: refreshes * eventualReadUnits(100),
      writeUnitsPerSecond: paidEventsPerSecond(waitingPatients),
      what: 'Total, read with the shards; added to after each payment',
    },
    {
      partition: `gsi1 ${lists.claimLeases}`,
      readUnitsPerSecond: refreshes * eventualReadUnits(lapsedAtOnce * a.leaseItemBytes),
      writeUnitsPerSecond: claims * 2,
      what: 'the COUNT of the lapsed leases (only those) of every refresh',
    },
  ];
}

/** Every partition load the model computes: the patients' side of the queue and the dashboards'. */
export const partitionLoads: readonly PartitionLoad[] = [
  ...queueFanOutPartitionLoads(),
  ...dashboardPartitionLoads(),
];

/** Each partition's total over `loads` (a partition named twice is summed). */
export function partitionTotals(loads: readonly PartitionLoad[]): PartitionLoad[] {
  const totals = new Map<string, PartitionLoad>();
  for (const load of loads) {
    const seen = totals.get(load.partition);
    totals.set(
      load.partition,
      seen
        ? {
            partition: load.partition,
            readUnitsPerSecond: seen.readUnitsPerSecond + load.readUnitsPerSecond,
            writeUnitsPerSecond: seen.writeUnitsPerSecond + load.writeUnitsPerSecond,
            what: `${seen.what}; ${load.what}`,
          }
        : load,
    );
  }
  return [...totals.values()];
}

/** Before issue 29: the Available counter was a COUNT of the whole queue on every refresh. */
export function queueCountReadUnitsPerSecond(waitingPatients = assumptions.waitingPatients) {
  return (
    dashboardRefreshesPerSecond(waitingPatients) *
    eventualReadUnits(waitingPatients * dynamoDbAssumptions.caseItemBytes)
  );
}
