import type { ItemKey } from './keys';
import { getItem, updateItem } from './table';
import { updateTx, type TransactItem } from './transaction';

/**
 * Counters of the provider dashboard that no index can count cheaply (docs/access-patterns.md):
 * the Total Cases counter is every case ever paid, which a `COUNT` query would read whole on
 * every dashboard refresh.
 */
export const CASE_COUNTER_ENTITY = 'CaseCounter';

export const paidCasesCounterKey: ItemKey = { pk: 'COUNTER#CASES', sk: 'PAID' };

/** One provider's completed consultations (their Completed counter). */
export const completedCasesCounterKey = (providerId: string): ItemKey => ({
  pk: `COUNTER#PROVIDER#${providerId}`,
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

/** Access pattern: how many cases were ever paid (one GetItem). */
export async function paidCaseCount(): Promise<number> {
  const item = await getItem(paidCasesCounterKey);
  return typeof item?.count === 'number' ? item.count : 0;
}

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

/** Access pattern: how many consultations a provider completed (one GetItem). */
export async function completedCaseCount(providerId: string): Promise<number> {
  const item = await getItem(completedCasesCounterKey(providerId));
  return typeof item?.count === 'number' ? item.count : 0;
}
