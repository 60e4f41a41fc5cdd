import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  TransactWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from './keys';
import { IF_NEW, type StoredItem, type UpdateSpec } from './table';
import { tableName, db } from './client';

/**
 * Transactions across entities. Entity modules return transaction items for their own writes;
 * features compose several into one `writeTransaction`, and read a cancellation with
 * `cancellationReasons` (one reason per item, in the order the items were given).
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export function putTx(
  item: StoredItem & ItemKey,
  condition: { expression: string; values?: Record<string, unknown> },
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: condition.expression,
      ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
    },
  };
}

/** Puts a new item; the transaction fails if an item with its key exists. */
export function newItemTx(item: StoredItem & ItemKey): TransactItem {
  return putTx(item, { expression: IF_NEW });
}

export function updateTx(key: ItemKey, spec: UpdateSpec): TransactItem {
  return { Update: { TableName: tableName(), Key: key, ...spec } };
}

export function deleteTx(key: ItemKey, condition: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: key, ConditionExpression: condition } };
}

/** Deletes the item whether or not it exists (an item a transition ends, if there was one). */
export function removeTx(key: ItemKey): TransactItem {
  return { Delete: { TableName: tableName(), Key: key } };
}

export async function writeTransaction(items: TransactItem[]): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

export type CancellationCode = 'ConditionalCheckFailed' | 'TransactionConflict' | (string & {});

/**
 * The reason code of each item of a cancelled transaction (`None` for items that were fine),
 * or null when the error is not a cancellation and should be rethrown.
 */
export function cancellationReasons(error: unknown): CancellationCode[] | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

const MAX_ATTEMPTS = 6;

/** How a conditional transaction ended when it was not written: DynamoDB's error and its codes. */
interface Cancellation {
  error: unknown;
  codes: CancellationCode[];
}

/**
 * The one retry loop of conditional transactions. DynamoDB cancels concurrent transactions on
 * the same item with `TransactionConflict`; those are tried again, up to `MAX_ATTEMPTS` in all,
 * after a short jittered wait (the conditions keep a retry correct). A failed condition is
 * final. Answers null when written, else the last cancellation.
 */
async function sendRetryingConflicts(items: TransactItem[]): Promise<Cancellation | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await writeTransaction(items);
      return null;
    } catch (error) {
      const codes = cancellationReasons(error);
      if (!codes) throw error;
      const retry =
        codes.includes('TransactionConflict') &&
        !codes.includes('ConditionalCheckFailed') &&
        attempt < MAX_ATTEMPTS;
      if (!retry) return { error, codes };
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

/**
 * Sends a transaction whose conditions decide a race (`sendRetryingConflicts`). Answers null
 * when written, else the reasons of the last cancellation (one code per item, in item order).
 */
export async function writeConditionalTransaction(
  items: TransactItem[],
): Promise<CancellationCode[] | null> {
  return (await sendRetryingConflicts(items))?.codes ?? null;
}

/**
 * The same, for a caller to whom only a failed condition is an answer (someone moved the items
 * first): true when written, false when a condition failed. With `answeringItem`, only that
 * item's condition answers (a case transition whose first item is the case's own update, when
 * the other items' conditions can only fail if an invariant broke): another item's failed
 * condition is thrown as an error. A cancellation for any other reason, conflicts past the
 * retries included, is thrown as DynamoDB threw it: a dependency failure.
 */
export async function writeUnlessConditionFails(
  items: TransactItem[],
  answeringItem?: number,
): Promise<boolean> {
  const cancellation = await sendRetryingConflicts(items);
  if (!cancellation) return true;
  const { codes } = cancellation;
  if (!codes.includes('ConditionalCheckFailed')) throw cancellation.error;
  if (answeringItem === undefined || codes[answeringItem] === 'ConditionalCheckFailed') {
    return false;
  }
  throw new Error(`A condition failed outside item ${answeringItem}: ${codes.join(',')}`);
}

/** BatchWriteItem takes at most 25 items a request. */
const BATCH_WRITE_LIMIT = 25;

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

/**
 * Fixtures only (the bench's thousands of waiting patients): writes the new items of entity
 * transaction items (`patientTx`, `caseTx`, …, so the items are exactly what the entity modules
 * store) 25 a request, without their conditions and without atomicity: on DynamoDB Local,
 * ~3 times faster than a transaction per patient (3.7 against 11.8 ms a patient, measured on a
 * busy 2-core machine). Application code never bulk-loads: it writes through transactions and
 * conditions.
 */
export async function bulkPut(items: TransactItem[]): Promise<void> {
  const puts = items.map((item) => {
    if (!item.Put) throw new Error('bulkPut takes only new items (Put transaction items)');
    return { PutRequest: { Item: item.Put.Item } };
  });
  for (let start = 0; start < puts.length; start += BATCH_WRITE_LIMIT) {
    let left: WriteRequests | undefined = puts.slice(start, start + BATCH_WRITE_LIMIT);
    while (left?.length) {
      const result: BatchWriteCommandOutput = await db().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: left } }),
      );
      left = result.UnprocessedItems?.[tableName()];
    }
  }
}
