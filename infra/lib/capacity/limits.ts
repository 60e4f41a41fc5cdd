import { PING_INTERVAL_MS } from '../../../shared/src/realtime/api';
import {
  accountQuotas,
  allocationsPerParty,
  assumptions,
  callsHeldByPool,
  concurrentRelayedCalls,
  getIceServerConfigPerSecond,
  httpRequestsPerSecond,
  httpStageThrottle,
  kvsQuotas,
  offerAllocationsPerParty,
  partiesPerChannel,
  turnChannelCount,
  webSocketRequestsPerSecond,
  webSocketRouteThrottles,
  webSocketStageThrottle,
} from '../capacity';
import { schedulerQuotas, sesQuotas, webSocketQuotas } from './quotas';
import { emailsPerDay, schedulerRates } from './schedules';
import { pushesPerSecond } from './sockets';

/**
 * Every limit of the stage at a load (issue 29 item 2, docs/capacity.md "Every limit at the
 * design load"): what the load asks of it, what it allows, and whether that figure could be
 * confirmed from AWS's documentation. From them, the most waiting patients and concurrent calls
 * the stage holds, and which limit binds first.
 */

/** What drives a limit: the waiting patients (and the doctors with them), or the calls. */
export type LimitDriver = 'waiting' | 'calls';

export interface Limit {
  readonly name: string;
  readonly driver: LimitDriver;
  /** What the load asks, in `unit`. */
  readonly figure: number;
  /** What the limit allows, in `unit`. */
  readonly quota: number;
  readonly unit: string;
  /** The quota is on AWS's documentation as read here (false: recorded elsewhere, to check). */
  readonly confirmed: boolean;
  /** The stack's own setting (from this model), or an account quota. */
  readonly kind: 'stage' | 'account';
  /** What to do when it binds. */
  readonly raise: string;
}

/**
 * Lambda time per invocation (judgements until CloudWatch's `Duration` of a load test replaces
 * them): a handler at p99, and one `PostToConnection`, of which a function keeps 32 in flight.
 */
export const lambdaAssumptions = {
  handlerSeconds: 0.1,
  pushSeconds: 0.02,
  pushesInFlight: 32,
} as const;

/**
 * Lambda concurrency at a load: both API stages at their throttles (the most they let through),
 * the pushes and the scheduled runs.
 */
export function lambdaConcurrency(waitingPatients: number = assumptions.waitingPatients): number {
  const handlers =
    (httpStageThrottle(waitingPatients).rateLimit +
      webSocketStageThrottle(waitingPatients).rateLimit +
      schedulerRates(waitingPatients).invocations) *
    lambdaAssumptions.handlerSeconds;
  const pushes =
    (pushesPerSecond(waitingPatients).total * lambdaAssumptions.pushSeconds) /
    lambdaAssumptions.pushesInFlight;
  return handlers + pushes;
}

/**
 * `QUEUE_MOVED` pushes per second the account's API Gateway throttle leaves at a load, with both
 * stages at their throttles and every other push: the budget of the queue's fan-out
 * (docs/capacity.md "The queue's push").
 */
export function queueMovedPushBudget(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const pushes = pushesPerSecond(waitingPatients);
  return (
    accountQuotas.apiGatewayRequestsPerSecond -
    httpStageThrottle(waitingPatients).rateLimit -
    webSocketStageThrottle(waitingPatients).rateLimit -
    (pushes.total - pushes.queueMoved)
  );
}

/** Every limit that grows with the waiting patients, at `waitingPatients`. */
function waitingLimits(waitingPatients: number): Limit[] {
  const design = assumptions.waitingPatients;
  const scheduler = schedulerRates(waitingPatients);
  return [
    {
      name: 'HTTP API stage throttle',
      driver: 'waiting',
      figure: httpRequestsPerSecond(waitingPatients) * assumptions.headroom,
      quota: httpStageThrottle(design).rateLimit,
      unit: 'requests/s (×2 headroom)',
      confirmed: true,
      kind: 'stage',
      raise: 'a larger design load in infra/lib/capacity.ts (the throttle follows)',
    },
    {
      name: 'WebSocket stage throttle',
      driver: 'waiting',
      figure: webSocketRequestsPerSecond(waitingPatients) * assumptions.headroom,
      quota: webSocketStageThrottle(design).rateLimit,
      unit: 'messages and connects/s (×2 headroom)',
      confirmed: true,
      kind: 'stage',
      raise: 'a larger design load in infra/lib/capacity.ts (the throttle follows)',
    },
    {
      name: 'API Gateway account throttle (HTTP + WebSocket + callbacks)',
      driver: 'waiting',
      figure:
        httpStageThrottle(waitingPatients).rateLimit +
        webSocketStageThrottle(waitingPatients).rateLimit +
        pushesPerSecond(waitingPatients).total,
      quota: accountQuotas.apiGatewayRequestsPerSecond,
      unit: 'requests/s',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: API Gateway "Throttle rate" (L-8A5B8E43)',
    },
    {
      name: 'WebSocket new connections',
      driver: 'waiting',
      figure: webSocketRouteThrottles(waitingPatients).$connect.rateLimit,
      quota: webSocketQuotas.newConnectionsPerSecond,
      unit: 'connects/s ($connect throttle)',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: API Gateway "New connections per second" (L-9ED1E49A)',
    },
    {
      name: 'WebSocket idle timeout',
      driver: 'waiting',
      figure: PING_INTERVAL_MS / 1000,
      quota: webSocketQuotas.idleSeconds,
      unit: 's between a socket’s frames',
      confirmed: true,
      kind: 'account',
      raise: 'not adjustable: ping more often',
    },
    {
      name: 'Lambda concurrent executions',
      driver: 'waiting',
      figure: lambdaConcurrency(waitingPatients),
      quota: accountQuotas.lambdaConcurrency,
      unit: 'executions',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: Lambda "Concurrent executions" (L-B99A9384)',
    },
    {
      name: 'Scheduler CreateSchedule',
      driver: 'waiting',
      figure: scheduler.creates,
      quota: schedulerQuotas.createSchedulePerSecond,
      unit: 'requests/s',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: EventBridge Scheduler "CreateSchedule request rate"',
    },
    {
      name: 'Scheduler DeleteSchedule',
      driver: 'waiting',
      figure: scheduler.deletes,
      quota: schedulerQuotas.deleteSchedulePerSecond,
      unit: 'requests/s',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: EventBridge Scheduler "DeleteSchedule request rate"',
    },
    {
      name: 'Scheduler invocations',
      driver: 'waiting',
      figure: scheduler.invocations,
      quota: schedulerQuotas.invocationsPerSecond,
      unit: 'invocations/s',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: EventBridge Scheduler "Invocations throttle limit"',
    },
    {
      name: 'SES sending (sandbox)',
      driver: 'waiting',
      figure: emailsPerDay(),
      quota: sesQuotas.sandboxEmailsPerDay,
      unit: 'emails/day',
      confirmed: true,
      kind: 'account',
      raise: 'SES production access (the sandbox sends to verified addresses only)',
    },
  ];
}

/** Every limit that grows with the concurrent calls, at `calls`. */
function callLimits(calls: number): Limit[] {
  const channels = turnChannelCount();
  // A channel's parties in steady state, and the doctors among them negotiating at once.
  const negotiating = Math.ceil((partiesPerChannel() / 2) * assumptions.roomsNegotiatingShare);
  return [
    {
      name: 'TURN channel pool',
      driver: 'calls',
      figure: calls,
      quota: callsHeldByPool(channels),
      unit: 'concurrent relayed calls',
      confirmed: false,
      kind: 'stage',
      raise: 'a larger design load in infra/lib/capacity.ts (the pool follows)',
    },
    {
      name: 'TURN allocations per channel (peak)',
      driver: 'calls',
      figure:
        partiesPerChannel() * allocationsPerParty() +
        negotiating * (offerAllocationsPerParty() - allocationsPerParty()),
      quota: kvsQuotas.turnAllocationsPerChannel,
      unit: 'allocations',
      confirmed: false,
      kind: 'account',
      raise: 'not adjustable: more channels',
    },
    {
      name: 'GetIceServerConfig per account',
      driver: 'calls',
      figure: getIceServerConfigPerSecond(calls),
      quota: kvsQuotas.getIceServerConfigPerAccountPerSecond,
      unit: 'requests/s',
      confirmed: false,
      kind: 'account',
      raise: 'Service Quotas: Kinesis Video Streams "GetIceServerConfig"',
    },
    {
      name: 'Signaling channels per account',
      driver: 'calls',
      figure: channels,
      quota: kvsQuotas.channelsPerAccount,
      unit: 'channels',
      confirmed: true,
      kind: 'account',
      raise: 'Service Quotas: Kinesis Video Streams "Signaling channels"',
    },
  ];
}

/** Every limit at a load: `waitingPatients`, and `calls` concurrent calls (one per doctor). */
export function limitsAt(
  waitingPatients: number = assumptions.waitingPatients,
  calls = concurrentRelayedCalls(waitingPatients),
): Limit[] {
  return [...waitingLimits(waitingPatients), ...callLimits(calls)];
}

export const fits = (limit: Limit) => limit.figure <= limit.quota;

/** The largest load (in `step`s) at which every limit of `at` fits, and the first that does not. */
function largest(at: (load: number) => Limit[], step: number, ceiling: number) {
  let load = 0;
  while (load + step <= ceiling && at(load + step).every(fits)) load += step;
  const binding =
    load + step <= ceiling ? at(load + step).find((limit) => !fits(limit)) : undefined;
  return { load, binding };
}

/**
 * The most waiting patients the stage holds (in hundreds), with its doctors, and the limit
 * that binds first above it.
 */
export function waitingPatientsHeld(): { load: number; binding: Limit | undefined } {
  return largest((waiting) => waitingLimits(waiting), 100, 1_000_000);
}

/** The most concurrent relayed calls the stage holds, and the limit that binds first above it. */
export function concurrentCallsHeld(): { load: number; binding: Limit | undefined } {
  return largest((calls) => callLimits(calls), 1, 100_000);
}
