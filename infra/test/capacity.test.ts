import { describe, expect, it } from 'vitest';
import { routeKey } from '../../functions/src/routes';
import { PROCESSING_POLL_MS, VISIT_POLL_MS } from '../../web/src/lib/case-status';
import { PAYMENT_VERIFICATION_POLL_MS } from '../../web/src/features/payments/api/get-payment-verification';
import { CASE_LIST_POLL_MS } from '../../web/src/features/provider-dashboard/api/cases';
import { VIDEO_ACCESS_POLL_MS } from '../../web/src/features/video-access/api/get-video-access';
import { Template } from 'aws-cdk-lib/assertions';
import {
  allocationsPerCall,
  callsHeldByPool,
  casesServedPerSecond,
  concurrentRelayedCalls,
  dynamoDbPartitionQuota,
  getIceServerConfigPerSecond,
  kvsQuotas,
  partiesPerChannel,
  partitionLoads,
  pollingPages,
  poolOverflowProbability,
  queueFanOutPartitionLoads,
  queueFanOutPassesPerSecond,
  queueFanOutPushesPerSecond,
  requestsPerMinute,
  turnAssumptions,
  turnChannelCount,
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
    expect(Math.round(queueFanOutPushesPerSecond())).toBe(4_902);
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
