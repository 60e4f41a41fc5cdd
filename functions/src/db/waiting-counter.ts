import { itemAt, readItems, type ItemsRead } from './item-reads';
import type { ItemKey } from './keys';
import { conditionalUpdate, IF_NEW, type StoredItem } from './table';
import { updateTx, type TransactItem } from './transaction';

/**
 * The dashboards' Available counter without reading the queue (issue 29 item 1,
 * docs/adr/0027): how many queued cases are stored as `paid`. Every transition that moves a case
 * into or out of the stored `paid` status adds its ±1 here in its own transaction, so the count
 * is exact when the case's write is; the claims whose lease lapsed but are not yet released
 * (still stored `claimed`, available as they read now) are counted apart (db/claim-leases.ts).
 *
 * The count is split over `WAITING_COUNTER_SHARDS` items, a case always on the same one: every
 * payment, claim and release would otherwise write one item, and DynamoDB cancels concurrent
 * transactions on the same item (`TransactionConflict`, retried, but each retry is a delay).
 * A dashboard reads them all in the BatchGetItem it already sends. A shard may go below zero (a
 * case counted on it before the baseline): only the sum means anything.
 *
 * A stage that ran before the counter has queued cases no shard counted: the baseline item holds
 * their number, recounted once (`writeWaitingBaseline`); until it exists the dashboards count the
 * queue as before (features/cases/available-count.ts). A new table holds no case: its baseline is
 * 0 from the start (`newTableBaselineItem`, written where the local stack creates the table).
 */
export const WAITING_COUNTER_ENTITY = 'WaitingCounter';
export const WAITING_COUNTER_SHARDS = 8;

export const WAITING_COUNTER_PREFIX = 'COUNTER#WAITING#';
export const WAITING_BASELINE_PARTITION = 'COUNTER#WAITING_BASE';
export const waitingCounterShardKey = (shard: number): ItemKey => ({
  pk: `${WAITING_COUNTER_PREFIX}${shard}`,
  sk: 'PAID',
});
export const waitingBaselineKey: ItemKey = { pk: WAITING_BASELINE_PARTITION, sk: 'PAID' };

/** The shard of a case: a hash of its id, so its +1 and its -1 land on the same item. */
export function waitingShardOf(caseId: string): number {
  let hash = 0;
  for (let index = 0; index < caseId.length; index += 1) {
    hash = (hash * 31 + caseId.charCodeAt(index)) >>> 0;
  }
  return hash % WAITING_COUNTER_SHARDS;
}

/**
 * One case entered (+1) or left (-1) the stored `paid` status of the queue, as a transaction item
 * of that transition. `writes` counts every change, so a recount can tell that none happened
 * while it read the queue.
 */
export function waitingCountTx(caseId: string, delta: 1 | -1): TransactItem {
  return updateTx(waitingCounterShardKey(waitingShardOf(caseId)), {
    UpdateExpression: 'ADD #count :delta, #writes :one SET entity = :entity',
    ExpressionAttributeNames: { '#count': 'count', '#writes': 'writes' },
    ExpressionAttributeValues: { ':delta': delta, ':one': 1, ':entity': WAITING_COUNTER_ENTITY },
  });
}

/** The shards and the baseline as stored: `baseline` null on a stage never recounted. */
export interface WaitingCount {
  /** The shards' sum: paid cases counted since the counter existed (may be negative alone). */
  counted: number;
  /** Each shard's number of changes ever made (0: no item), in shard order. */
  shardWrites: number[];
  baseline: number | null;
}

const numberOf = (item: StoredItem | undefined, name: string): number =>
  typeof item?.[name] === 'number' ? item[name] : 0;

const shardKeys = Array.from({ length: WAITING_COUNTER_SHARDS }, (_, shard) =>
  waitingCounterShardKey(shard),
);

/**
 * Access pattern: the waiting counter's items (shards and baseline), as a read that shares a
 * BatchGetItem (the dashboard's, with the account and its counters: features/cases/case-list.ts).
 */
export const waitingCountRead: ItemsRead<WaitingCount> = {
  keys: [...shardKeys, waitingBaselineKey],
  answer(found) {
    const shards = shardKeys.map((key) => itemAt(found, key));
    const baseline = itemAt(found, waitingBaselineKey);
    return {
      counted: shards.reduce((sum, item) => sum + numberOf(item, 'count'), 0),
      shardWrites: shards.map((item) => numberOf(item, 'writes')),
      baseline: baseline ? numberOf(baseline, 'count') : null,
    };
  },
};

/** The stored `paid` cases the counter holds, when its baseline exists. */
export function waitingCountOf(count: WaitingCount): number | null {
  return count.baseline === null ? null : count.baseline + count.counted;
}

/** The baseline item of a table created empty: nothing queued, nothing to recount. */
export const newTableBaselineItem = () => ({
  ...waitingBaselineKey,
  count: 0,
  entity: WAITING_COUNTER_ENTITY,
});

/**
 * Access pattern: the baseline, written once (a conditional put: none may exist): the queued
 * paid cases recounted (`storedPaid`) minus the shards' sum as `read` found them before the
 * recount. The shards are read again first: unless every shard still holds the writes `read`
 * saw, a transition moved the counter while the queue was recounted, and nothing is written (a
 * later refresh tries again). A transition after that second read is in the shards and not in
 * the recount, so the sum stays exact. False when not written.
 */
export async function writeWaitingBaseline(
  storedPaid: number,
  read: WaitingCount,
): Promise<boolean> {
  const again = await readItems(waitingCountRead);
  const unchanged = again.shardWrites.every((writes, shard) => writes === read.shardWrites[shard]);
  if (!unchanged || again.baseline !== null) return false;
  return conditionalUpdate(waitingBaselineKey, {
    UpdateExpression: 'SET #count = :count, entity = :entity',
    ConditionExpression: IF_NEW,
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: {
      ':count': storedPaid - read.counted,
      ':entity': WAITING_COUNTER_ENTITY,
    },
  });
}
