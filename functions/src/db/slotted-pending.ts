import * as z from 'zod';
import type { ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, IF_EXISTS, partitionQuery, queryAll } from './table';
import {
  cancellationReasons,
  deleteTx,
  newItemTx,
  writeTransaction,
  type TransactItem,
} from './transaction';
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

/** The fields of the file a pending item stands for, the same for every owner. */
export const pendingFileFields = {
  uploadId: z.string(),
  s3Key: z.string(),
  originalName: z.string(),
  filename: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
};

type PendingFile = z.infer<z.ZodObject<typeof pendingFileFields>>;

/**
 * The reads and writes of one owner's kind of pending item (a case's uploads, an application's
 * documents), built from where an item lives: its owner's partition and the slot counter it
 * holds one of. The entity modules name and document each access pattern over these.
 */
export function slottedPendingEntity<Pending extends PendingFile>(definition: {
  tag: string;
  schema: z.ZodType<Pending>;
  partitionOf: (pending: Pending) => string;
  slotKindOf: (pending: Pending) => string;
}) {
  const entity = { tag: definition.tag };
  const key = (partition: string, uploadId: string): ItemKey => ({
    pk: partition,
    sk: `${PENDING_SK_PREFIX}${uploadId}`,
  });
  const parse = (item: Record<string, unknown>): Pending =>
    parseStored(definition.schema, entity, item);
  const holderOf = (pending: Pending): SlotHolder => {
    const partition = definition.partitionOf(pending);
    return {
      key: key(partition, pending.uploadId),
      partition,
      slotKind: definition.slotKindOf(pending),
    };
  };
  return {
    key,
    reserve: (pending: Pending, maxCount: number): Promise<boolean> =>
      reserveSlotted(holderOf(pending), { entity: definition.tag, ...pending }, maxCount),
    async get(partition: string, uploadId: string): Promise<Pending | null> {
      const item = await getItem(key(partition, uploadId), { consistent: true });
      return item ? parse(item) : null;
    },
    release: (pending: Pending): Promise<boolean> => releaseSlotted(holderOf(pending)),
    async listExpired(partition: string, now: Date): Promise<Pending[]> {
      return (await expiredSlottedItems(partition, now)).map(parse);
    },
    /** Ends the item inside a transaction; fails if another call ended it first. */
    doneTx: (pending: Pending): TransactItem => deleteTx(holderOf(pending).key, IF_EXISTS),
  };
}
