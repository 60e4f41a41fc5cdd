import { describe, expect, it } from 'vitest';
import { routeKey } from '#routes';
import { PROCESSING_POLL_MS, VISIT_POLL_MS } from '../../web/src/lib/case-status';
import { PAYMENT_VERIFICATION_POLL_MS } from '../../web/src/features/payments/api/get-payment-verification';
import { CASE_LIST_POLL_MS } from '../../web/src/features/provider-dashboard/api/cases';
import { VIDEO_ACCESS_POLL_MS } from '../../web/src/features/video-access/api/get-video-access';
import { Template } from 'aws-cdk-lib/assertions';
import {
  accountQuotas,
  alertReloadsPerSecond,
  allocationsPerCall,
  allocationsPerParty,
  assumptions,
  callsHeldByPool,
  casesServedPerSecond,
  concurrentCallsHeld,
  concurrentRelayedCalls,
  consultsPerSecond,
  dynamoDbPartitionQuota,
  fits,
  getIceServerConfigPerSecond,
  httpRequestsPerSecond,
  kvsQuotas,
  lambdaConcurrency,
  limitsAt,
  offerAllocationsPerParty,
  partiesPerChannel,
  partitionLoads,
  pollingPages,
  poolOverflowProbability,
  pushesPerSecond,
  queueFanOutPartitionLoads,
  queueFanOutPassesPerSecond,
  queueMovedPushBudget,
  queueMovedPushesPerSecond,
  requestsPerMinute,
  schedulerRates,
  turnAssumptions,
  turnChannelCount,
  waitingPatientsHeld,
  webSocketConnections,
  webSocketConnectsPerSecond,
  webSocketMessagesPerSecond,
} from '../lib/capacity';
import { resourcesOfType, synth } from './synth';

/**
 * The capacity model polls at the rates the web app really uses: if a page starts polling
 * faster, the throttles and WAF limits must be recomputed, and this fails first.
 */
describe('the capacity model’s polling rates', () => {
  it.each([
    ['paymentProcessing', PROCESSING_POLL_MS, 'GET /api/cases/{caseId}/status'],
    ['visit', VISIT_POLL_MS, 'GET /api/cases/{caseId}/status'],
    ['videoAccess', VIDEO_ACCESS_POLL_MS, 'GET /api/patients/{patientId}/video-access'],
    [
      'paymentVerification',
      PAYMENT_VERIFICATION_POLL_MS,
      'GET /api/patients/{patientId}/payment-verification',
    ],
    ['providerDashboard', CASE_LIST_POLL_MS, 'GET /api/cases'],
  ] as const)('%s polls every %i ms (%s), as the web app does', (page, ms, key) => {
    expect(
      pollingPages[page].map((poll) => [routeKey(poll.route), poll.everySeconds * 1000]),
    ).toEqual([[key, ms]]);
  });

  it('gives the requests per minute of each page', () => {
    expect(requestsPerMinute('paymentVerification')).toBe(60);
    expect(requestsPerMinute('paymentProcessing')).toBe(30);
    expect(requestsPerMinute('visit')).toBe(12);
    expect(requestsPerMinute('videoAccess')).toBe(2);
    expect(requestsPerMinute('providerDashboard')).toBe(2);
  });
});

/**
 * TURN (issue 24 item 8, docs/capacity.md "TURN"): the pool of Kinesis Video signaling channels
 * holds the design load's relayed calls, and the stack creates exactly the pool the model asks.
 */
describe('the capacity model’s TURN pool', () => {
  it('holds the goal of 500 concurrent relayed calls at the design load', () => {
    expect(concurrentRelayedCalls()).toBe(500);
    expect(callsHeldByPool()).toBeGreaterThanOrEqual(concurrentRelayedCalls());
    expect(poolOverflowProbability(turnChannelCount(), 500)).toBeLessThanOrEqual(
      turnAssumptions.overflowProbability,
    );
  });

  it('gives the arithmetic of docs/capacity.md', () => {
    // 2 parties × (UDP + TLS URI) × 1 interface; 50 allocations less 20 % headroom, 2 a party.
    expect(allocationsPerCall()).toBe(4);
    expect(partiesPerChannel()).toBe(20);
    expect(turnChannelCount()).toBe(111);
    expect(callsHeldByPool()).toBe(503);
    // One channel (before the pool) holds 10 calls under the same plan.
    expect(callsHeldByPool(1)).toBe(10);
    expect(getIceServerConfigPerSecond()).toBeCloseTo(1.11, 2);
  });

  it('keeps every rate under its Kinesis Video quota', () => {
    const channels = turnChannelCount();
    expect(getIceServerConfigPerSecond()).toBeLessThan(
      kvsQuotas.getIceServerConfigPerAccountPerSecond,
    );
    expect(getIceServerConfigPerSecond() / channels).toBeLessThan(
      kvsQuotas.getIceServerConfigPerChannelPerSecond,
    );
    expect(channels).toBeLessThan(kvsQuotas.channelsPerAccount);
  });

  it('is what the prod stack creates', () => {
    const { stack } = synth('prod');
    const pool = Template.fromStack(stack.videoSignaling.channels);
    expect(Object.keys(resourcesOfType(pool, 'AWS::KinesisVideo::SignalingChannel'))).toHaveLength(
      turnChannelCount(),
    );
  });
});

/**
 * Issue 29 item 2: every connection and message, every quota, and the most the stage holds
 * (docs/capacity.md "Every limit at the design load").
 */
describe('the capacity model’s connections and messages', () => {
  it('counts a socket for every waiting patient, dashboard and room party', () => {
    expect(webSocketConnections()).toEqual({
      patients: 10_000,
      dashboards: 500,
      rooms: 1_000,
      total: 11_500,
    });
    // Every open socket replaced at API Gateway's 2 hours, plus each consult's case and room sockets.
    expect(consultsPerSecond()).toBeCloseTo(500 / 900, 6);
    expect(webSocketConnectsPerSecond()).toBeCloseTo(10_500 / 7_200 + (500 / 900) * 3, 6);
  });

  it('counts the pages’ pings, heartbeats and signalling frames', () => {
    const messages = webSocketMessagesPerSecond();
    expect(messages.pings).toBeCloseTo(10_500 / 300, 6); // every 5 minutes
    expect(messages.heartbeats).toBeCloseTo(500 / 60, 6); // issue 28: every 60 s
    expect(messages.roomHeartbeats).toBeCloseTo(1_000 / 10, 6); // issue 26: every 10 s
    expect(messages.signalling).toBeCloseTo((500 / 900) * 48, 6);
  });

  it('counts the pushes, and the case lists each alert reloads on every dashboard', () => {
    const pushes = pushesPerSecond();
    expect(pushes.alerts).toBeCloseTo((500 / 900) * 2 * 500, 6);
    // A dashboard hears about one alert a second and reloads its list at most every 10 s
    // (use-live-alerts.ts): 500 × 0.1 on top of the 30 s poll.
    expect(alertReloadsPerSecond()).toBeCloseTo(50, 6);
    expect(httpRequestsPerSecond()).toBeCloseTo(2_016.67 + 50, 1);
    // The queue's fan-out (docs/adr/0028): one pass a second, each telling at most the 100 near
    // pages and 500 far ones (functions/src/features/realtime/queue-freshness.ts).
    expect(pushes.queueMoved).toBe(600);
    expect(pushes.queueMoved).toBe(queueMovedPushesPerSecond());
  });

  it('counts the schedules each consult creates and the Lambda concurrency', () => {
    expect(schedulerRates().creates).toBeCloseTo((500 / 900) * 5, 6);
    expect(lambdaConcurrency()).toBeLessThan(accountQuotas.lambdaConcurrency);
  });
});

describe('the most the stage holds', () => {
  it('checks every limit of docs/capacity.md', () => {
    expect(limitsAt().map((limit) => limit.name)).toEqual([
      'HTTP API stage throttle',
      'WebSocket stage throttle',
      'API Gateway account throttle (HTTP + WebSocket + callbacks)',
      'WebSocket new connections',
      'WebSocket idle timeout',
      'Lambda concurrent executions',
      'Scheduler CreateSchedule',
      'Scheduler DeleteSchedule',
      'Scheduler invocations',
      'SES sending (sandbox)',
      'TURN channel pool',
      'TURN allocations per channel (peak)',
      'GetIceServerConfig per account',
      'Signaling channels per account',
    ]);
  });

  it('fits every limit at the load it holds, and names the one that binds above it', () => {
    const waiting = waitingPatientsHeld();
    expect(
      limitsAt(waiting.load)
        .filter((limit) => limit.driver === 'waiting')
        .every(fits),
    ).toBe(true);
    expect(waiting.binding).toBeDefined();
    const above = limitsAt(waiting.load + 100).find(
      (limit) => limit.name === waiting.binding!.name,
    );
    expect(above && fits(above)).toBe(false);
  });

  it('holds the goal of 500 concurrent calls, bound by the TURN channel pool', () => {
    const calls = concurrentCallsHeld();
    expect(calls.load).toBe(callsHeldByPool());
    expect(calls.load).toBeGreaterThanOrEqual(500);
    expect(calls.binding?.name).toBe('TURN channel pool');
  });

  // The figures of docs/capacity.md, "Every limit at the design load" and "The queue's push".
  it('holds the design load of 10,000 waiting: every limit fits, none of them an account quota', () => {
    expect(limitsAt().filter((limit) => !fits(limit))).toEqual([]);
    expect(waitingPatientsHeld().load).toBeGreaterThanOrEqual(assumptions.waitingPatients);
    expect(waitingPatientsHeld().load).toBe(10_000);
    // Above it, the WebSocket stage's own throttle (sized for the design load): no quota raise.
    expect(waitingPatientsHeld().binding?.name).toBe('WebSocket stage throttle');
    expect(waitingPatientsHeld().binding?.kind).toBe('stage');
    // What the account throttle leaves the fan-out at 10,000 waiting: 10,000 − 4,200 (HTTP) −
    // 1,400 (WebSocket) − ≈ 584 other pushes; the fan-out's 600 fit in it.
    expect(queueMovedPushBudget()).toBeCloseTo(10_000 - 4_200 - 1_400 - 584.44, 1);
    expect(queueMovedPushesPerSecond()).toBeLessThanOrEqual(queueMovedPushBudget());
    const account = limitsAt().find((limit) => limit.name.startsWith('API Gateway account'));
    expect(account?.figure).toBeCloseTo(4_200 + 1_400 + 584.44 + 600, 1);
  });

  it('sizes the TURN channel from the measured allocations (e2e/turn-allocations.e2e.test.ts)', () => {
    expect(allocationsPerParty()).toBe(2);
    // The doctor's offer, before the answer bundles its two transports.
    expect(offerAllocationsPerParty()).toBe(4);
  });
});

describe('the capacity model’s queue fan-out (issue 29)', () => {
  it('keeps every partition it loads under half its limit at the design load', () => {
    const loads = queueFanOutPartitionLoads();
    expect(loads.map((load) => load.partition)).toEqual([
      'queue CASE_QUEUE',
      'table QUEUE#FANOUT',
      'gsi1 CASE_PAGES#{0…7} (each)',
      'gsi1 CONNECTIONS',
      'table STATS#WAIT',
    ]);
    for (const load of loads) {
      expect(load.readUnitsPerSecond, load.partition).toBeLessThanOrEqual(
        dynamoDbPartitionQuota.readUnitsPerSecond / 2,
      );
      expect(load.writeUnitsPerSecond, load.partition).toBeLessThanOrEqual(
        dynamoDbPartitionQuota.writeUnitsPerSecond / 2,
      );
    }
    expect(partitionLoads).toEqual(expect.arrayContaining(loads));
  });

  it('gives the arithmetic of docs/capacity.md, "The queue\'s push"', () => {
    expect(casesServedPerSecond()).toBeCloseTo(0.49, 2);
    expect(queueFanOutPassesPerSecond()).toBe(1);
    // At most 100 near + 500 far pages a pass, one pass a second; fewer pages, fewer pushes.
    expect(queueMovedPushesPerSecond()).toBe(600);
    expect(queueMovedPushesPerSecond(300)).toBeCloseTo(queueFanOutPassesPerSecond(300) * 300, 6);
    const byPartition = Object.fromEntries(
      queueFanOutPartitionLoads().map((load) => [
        load.partition,
        [Math.round(load.readUnitsPerSecond), Math.round(load.writeUnitsPerSecond)],
      ]),
    );
    expect(byPartition).toEqual({
      'queue CASE_QUEUE': [1_033, 1],
      'table QUEUE#FANOUT': [669, 18],
      'gsi1 CASE_PAGES#{0…7} (each)': [77, 0],
      'gsi1 CONNECTIONS': [465, 8],
      'table STATS#WAIT': [167, 1],
    });
  });
});
