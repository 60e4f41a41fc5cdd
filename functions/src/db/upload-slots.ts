import type { ItemKey } from './keys';
import { updateTx, type TransactItem } from './transaction';

/**
 * How many files of one kind a case (or an application) holds or may still receive: confirmed
 * files plus uploads presigned but not yet confirmed (issue 10 item 6). One counter item per
 * owner and kind, in the owner's partition, changed only by atomic conditional `ADD`s inside the
 * transactions that create or end an upload, so parallel requests can never take more slots
 * than the limit.
 */
export const UPLOAD_SLOTS_ENTITY = 'UploadSlots';
const SK_PREFIX = 'UPLOAD_SLOTS#';

export const uploadSlotsKey = (partition: string, kind: string): ItemKey => ({
  pk: partition,
  sk: `${SK_PREFIX}${kind}`,
});

/** Takes one slot; the transaction fails when `max` are taken already. */
export function takeUploadSlotTx(partition: string, kind: string, max: number): TransactItem {
  return updateTx(uploadSlotsKey(partition, kind), {
    UpdateExpression: 'ADD taken :one SET entity = :entity',
    ConditionExpression: 'attribute_not_exists(taken) OR taken < :max',
    ExpressionAttributeValues: { ':one': 1, ':max': max, ':entity': UPLOAD_SLOTS_ENTITY },
  });
}

/** Gives one slot back (a refused or expired upload); never below zero. */
export function releaseUploadSlotTx(partition: string, kind: string): TransactItem {
  return updateTx(uploadSlotsKey(partition, kind), {
    UpdateExpression: 'ADD taken :minusOne',
    ConditionExpression: 'taken > :zero',
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });
}
