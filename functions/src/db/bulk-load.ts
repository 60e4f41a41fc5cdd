import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import type { TransactItem } from './transaction';

/** BatchWriteItem takes at most 25 items a request. */
const BATCH_WRITE_LIMIT = 25;

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

/**
 * Fixtures only (the bench's thousands of waiting patients): writes the new items of entity
 * transaction items (`patientTx`, `caseTx`, …, so the items are exactly what the entity modules
 * store) 25 a request, without their conditions and without atomicity. DynamoDB Local runs
 * transactions one at a time, ~30 a second on a busy 2-core machine; this is ~10× faster.
 * Application code never bulk-loads: it writes through transactions and conditions.
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
