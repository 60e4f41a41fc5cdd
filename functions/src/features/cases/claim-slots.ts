import { getCaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import { providerClaimSlots, type ClaimSlot } from '#db/claim-slots';
import { effectiveCase } from './claim-lease';

/**
 * Which of a provider's claim slots a new claim takes (issue 25 item 6; db/claim-slots.ts): at
 * most `maxActiveClaims` cases may hold a live claim of one provider at once.
 */

/** A case holds a live claim of this provider at `now`: claimed with its lease, or in a call. */
export function holdsLiveClaim(caseRecord: CaseRecord, providerId: string, now: Date): boolean {
  const current = effectiveCase(caseRecord, now);
  return (
    (current.status === 'claimed' || current.status === 'in_call') &&
    current.claimedBy === providerId
  );
}

/** Where the claim goes: a slot number, and the slot it takes over (null: a new slot). */
export interface SlotChoice {
  slot: number;
  previous: ClaimSlot | null;
}

/**
 * The slot for a claim of `caseId`, or null when every slot holds a live claim. A slot that
 * already names this case is reused, so two claims of the same case always race for the same
 * slot. Then a slot whose case no longer holds a live claim; then a new slot number, chosen at
 * random among the free ones so concurrent claims rarely pick the same one (pure: `random`
 * is injected).
 */
export function chooseSlot(
  slots: readonly ClaimSlot[],
  live: ReadonlySet<string>,
  caseId: string,
  maxActiveClaims: number,
  random: () => number = Math.random,
): SlotChoice | null {
  const others = slots.filter((slot) => slot.caseId !== caseId);
  const free = others.filter((slot) => !live.has(slot.caseId));
  if (others.length - free.length >= maxActiveClaims) return null;
  const same = slots.find((slot) => slot.caseId === caseId);
  if (same) return { slot: same.slot, previous: same };
  const reusable = free[Math.floor(random() * free.length)];
  if (reusable) return { slot: reusable.slot, previous: reusable };
  const taken = new Set(slots.map((slot) => slot.slot));
  const unused = Array.from({ length: maxActiveClaims }, (_, slot) => slot).filter(
    (slot) => !taken.has(slot),
  );
  const fresh = unused[Math.floor(random() * unused.length)];
  return fresh === undefined ? null : { slot: fresh, previous: null };
}

/** Reads the provider's slots and the cases they name, and chooses one (see `chooseSlot`). */
export async function findClaimSlot(
  providerId: string,
  caseId: string,
  now: Date,
  maxActiveClaims: number,
): Promise<SlotChoice | null> {
  const slots = await providerClaimSlots(providerId);
  const others = slots.filter((slot) => slot.caseId !== caseId);
  const bundles = await Promise.all(others.map((slot) => getCaseBundle(slot.caseId)));
  const live = new Set(
    bundles.flatMap((bundle) =>
      bundle && holdsLiveClaim(bundle.case, providerId, now) ? [bundle.case.id] : [],
    ),
  );
  return chooseSlot(slots, live, caseId, maxActiveClaims);
}
