import type { ItemKey } from './keys';
import { IF_EXISTS, partitionQuery, queryAll } from './table';
import { cancellationReasons, deleteTx, newItemTx, writeTransaction } from './transaction';
import { releaseUploadSlotTx, takeUploadSlotTx } from './upload-slots';

/**
 * What a case's pending upload (`pending-uploads.ts`) and an application's pending document
 * (`pending-documents.ts`) share: an item in its owner's partition, under `UPLOAD#`, that holds
 * one of the owner's upload slots (`upload-slots.ts`) from the moment the browser may upload
 * until the file is confirmed (the slot then belongs to the file), refused or expired (the
 * slot is given back, once).
 */
export const PENDING_SK_PREFIX = 'UPLOAD#';

/**
 * How long an unconfirmed upload keeps its slot: the presigned POST lives 5 minutes, and a
 * slow upload of a large file plus its confirmation fit in 15. After that the slot may be given
 * back when the slots run out; the bucket's lifecycle rule removes the object after a day. The
 * items have no TTL on purpose: a TTL deletion would drop one without giving its slot back, and
 * the slot would be lost. They cannot pile up: each holds a slot.
 */
export const PENDING_SLOT_MS = 15 * 60 * 1000;

/** The owner's partition and the slot counter a pending item holds one of. */
export interface SlotHolder {
  key: ItemKey;
  partition: string;
  slotKind: string;
}

/** Records the pending item and takes a slot in one transaction; false when all are taken. */
export async function reserveSlotted(
  holder: SlotHolder,
  item: Record<string, unknown>,
  maxCount: number,
): Promise<boolean> {
  try {
    await writeTransaction([
      newItemTx({ ...holder.key, ...item }),
      takeUploadSlotTx(holder.partition, holder.slotKind, maxCount),
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[1] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * Ends a pending item that will not become a file and gives its slot back, once: only the call
 * that deletes the item releases the slot. False when it was ended already.
 */
export async function releaseSlotted(holder: SlotHolder): Promise<boolean> {
  try {
    await writeTransaction([
      deleteTx(holder.key, IF_EXISTS),
      releaseUploadSlotTx(holder.partition, holder.slotKind),
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)) return false;
    throw error;
  }
}

/** The owner's pending items (raw) made before `PENDING_SLOT_MS` ago. */
export async function expiredSlottedItems(
  partition: string,
  now: Date,
): Promise<Record<string, unknown>[]> {
  const items = await queryAll(
    partitionQuery(partition, { skPrefix: PENDING_SK_PREFIX, consistent: true }),
  );
  const before = now.getTime() - PENDING_SLOT_MS;
  return items.filter((item) => Date.parse(String(item.createdAt)) < before);
}
