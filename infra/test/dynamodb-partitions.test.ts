import { describe, expect, it } from 'vitest';
import { WAITING_COUNTER_SHARDS } from '#db/waiting-counter';
import {
  assumptions,
  dashboardPartitionLoads,
  dynamoDbAssumptions,
  dynamoDbPartitionQuota,
  partitionLoads,
  partitionTotals,
  queueCountReadUnitsPerSecond,
} from '../lib/capacity';

/**
 * Issue 29 item 1: at the design load no partition the dashboards read comes near its limit
 * (docs/capacity.md "DynamoDB"), and the model's figures are the code's.
 */
describe('the DynamoDB partitions at the design load', () => {
  const allowed = {
    reads: dynamoDbPartitionQuota.readUnitsPerSecond * dynamoDbPartitionQuota.allowedShare,
    writes: dynamoDbPartitionQuota.writeUnitsPerSecond * dynamoDbPartitionQuota.allowedShare,
  };

  it.each(partitionTotals(partitionLoads).map((load) => [load.partition, load]))(
    '%s stays under half its limit',
    (_partition, load) => {
      expect(load.readUnitsPerSecond).toBeLessThan(allowed.reads);
      expect(load.writeUnitsPerSecond).toBeLessThan(allowed.writes);
    },
  );

  it('would not fit with the COUNT of the queue it replaced', () => {
    expect(queueCountReadUnitsPerSecond(assumptions.waitingPatients)).toBeGreaterThan(
      dynamoDbPartitionQuota.readUnitsPerSecond,
    );
  });

  it('sums a partition that several parts of the model read', () => {
    const [queue] = dashboardPartitionLoads();
    const [total] = partitionTotals([queue!, { ...queue!, what: 'another read' }]);
    expect(total?.readUnitsPerSecond).toBe(2 * queue!.readUnitsPerSecond);
  });

  it('models what the code does: the counter’s shards', () => {
    expect(dynamoDbAssumptions.waitingCounterShards).toBe(WAITING_COUNTER_SHARDS);
  });
});
