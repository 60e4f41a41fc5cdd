import { bothReads, itemRead, mapRead, readItems, type ItemsRead } from './item-reads';
import type { ItemKey } from './keys';
import { updateItem, type StoredItem } from './table';
import { updateTx, type TransactItem } from './transaction';

/**
 * Counters of the provider dashboard that no index can count cheaply (docs/access-patterns.md):
 * the Total Cases counter is every case ever paid, which a `COUNT` query would read whole on
 * every dashboard refresh.
 */
export const CASE_COUNTER_ENTITY = 'CaseCounter';

export const PAID_CASES_COUNTER_PARTITION = 'COUNTER#CASES';
export const paidCasesCounterKey: ItemKey = { pk: PAID_CASES_COUNTER_PARTITION, sk: 'PAID' };

/** One provider's completed consultations (their Completed counter). */
export const PROVIDER_COUNTER_PREFIX = 'COUNTER#PROVIDER#';
export const completedCasesCounterKey = (providerId: string): ItemKey => ({
  pk: `${PROVIDER_COUNTER_PREFIX}${providerId}`,
  sk: 'COMPLETED',
});

/**
 * Access pattern: one more case was paid (atomic `ADD`). It runs after the paid transaction, not
 * in it: every payment would otherwise write this one item inside its transaction, and
 * concurrent payments would cancel each other. A crash between the two writes undercounts by
 * one; the counter is shown, never decided on.
 */
export async function countPaidCase(): Promise<void> {
  await updateItem(paidCasesCounterKey, {
    UpdateExpression: 'ADD #count :one SET entity = :entity',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': 1, ':entity': CASE_COUNTER_ENTITY },
  });
}

/** A counter never added to reads 0. */
const countOf = (item: StoredItem | undefined): number =>
  typeof item?.count === 'number' ? item.count : 0;

/** How many cases were ever paid (the Total counter). */
const paidCaseCountRead: ItemsRead<number> = itemRead(paidCasesCounterKey, countOf);

/**
 * One more consultation completed by this provider, as a transaction item of the completion
 * itself: counted exactly when the case becomes completed. Only that provider's completions
 * write the item, one call at a time, so transactions rarely contend on it.
 */
export function countCompletedCaseTx(providerId: string): TransactItem {
  return updateTx(completedCasesCounterKey(providerId), {
    UpdateExpression: 'ADD #count :one SET entity = :entity',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': 1, ':entity': CASE_COUNTER_ENTITY },
  });
}

/** How many consultations a provider completed (their Completed counter, as stored). */
const completedCaseCountRead = (providerId: string): ItemsRead<number> =>
  itemRead(completedCasesCounterKey(providerId), countOf);

/** Access pattern: how many consultations a provider completed (one GetItem). */
export function completedCaseCount(providerId: string): Promise<number> {
  return readItems(completedCaseCountRead(providerId));
}

/**
 * Access pattern: the provider dashboard's two counter items, as a read that shares the request
 * of the account re-check (`GET /api/cases`: one BatchGetItem of account, Total and Completed).
 */
export const dashboardCountersRead = (
  providerId: string,
): ItemsRead<{ paid: number; completed: number }> =>
  mapRead(
    bothReads(paidCaseCountRead, completedCaseCountRead(providerId)),
    ([paid, completed]) => ({
      paid,
      completed,
    }),
  );
