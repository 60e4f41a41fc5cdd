import * as z from 'zod';
import type { ItemKey } from './keys';
import { parseStored } from './records';
import { IF_NEW, partitionQuery, queryAll, type StoredItem } from './table';
import { putTx, type TransactItem } from './transaction';

/**
 * A provider's claim slots (issue 25 item 6, security review M4): one item per slot, naming the
 * case a claim of that provider last put there. A provider may hold at most
 * `MAX_ACTIVE_CLAIMS` live claims, so every claim writes a slot in the same transaction as the
 * case, and a slot is only taken over when its case no longer holds a live claim of that
 * provider (features/cases/claim-slots.ts decides which). Whether a slot's case is still active
 * is read from the case itself, so the start, end, release and expiry of a case need not touch
 * the slot: a slot frees itself when its claim lapses or its call ends.
 *
 * Each write carries a fresh `claimedAt`, and the take-over is conditional on the one read, so
 * of two claims racing for one slot exactly one wins (the other reads the slots again).
 */
export const CLAIM_SLOT_ENTITY = 'ClaimSlot';
const entity = { tag: CLAIM_SLOT_ENTITY };

export const CLAIM_SLOTS_PREFIX = 'CLAIM_SLOTS#';
const slotsPartition = (providerId: string) => `${CLAIM_SLOTS_PREFIX}${providerId}`;
export const claimSlotKey = (providerId: string, slot: number): ItemKey => ({
  pk: slotsPartition(providerId),
  sk: `SLOT#${slot}`,
});

export const claimSlotSchema = z.object({
  providerId: z.string(),
  slot: z.number().int().nonnegative(),
  caseId: z.string(),
  /** The claim's time: the version a take-over of the slot is conditional on. */
  claimedAt: z.string(),
});
export type ClaimSlot = z.infer<typeof claimSlotSchema>;

const parseSlot = (item: StoredItem): ClaimSlot => parseStored(claimSlotSchema, entity, item);

/** Access pattern: every slot of one provider (one Query of a partition of at most a few items). */
export async function providerClaimSlots(providerId: string): Promise<ClaimSlot[]> {
  const items = await queryAll(partitionQuery(slotsPartition(providerId), { consistent: true }));
  return items.map(parseSlot);
}

/**
 * The slot write of a claim, as a transaction item: a new slot must not exist yet, a taken-over
 * one must still hold the claim that was read (`previous`), so two claims never share a slot.
 */
export function claimSlotTx(slot: ClaimSlot, previous: ClaimSlot | null): TransactItem {
  return putTx(
    { ...claimSlotKey(slot.providerId, slot.slot), entity: CLAIM_SLOT_ENTITY, ...slot },
    previous
      ? {
          expression: 'caseId = :previousCase AND claimedAt = :previousAt',
          values: { ':previousCase': previous.caseId, ':previousAt': previous.claimedAt },
        }
      : { expression: IF_NEW },
  );
}
