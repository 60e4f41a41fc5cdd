import { describe, expect, it } from 'vitest';
import { claimMessages } from '@shared/cases/provider-case';
import type { ClaimSlot } from '#db/claim-slots';
import { paidCaseRecord } from '#testing/cases';
import { chooseSlot } from './claim-slots';
import { claimRefusal } from './transitions';

const slot = (n: number, caseId: string): ClaimSlot => ({
  providerId: 'p',
  slot: n,
  caseId,
  claimedAt: `2026-11-28T10:0${n}:00.000Z`,
});
const first = () => 0;

describe('chooseSlot (one live claim per provider, issue 25)', () => {
  it('takes slot 0 for a provider who never claimed', () => {
    expect(chooseSlot([], new Set(), 'a', 1, first)).toEqual({ slot: 0, previous: null });
  });

  it('refuses while every slot holds a live claim', () => {
    expect(chooseSlot([slot(0, 'x')], new Set(['x']), 'a', 1, first)).toBeNull();
    const two = [slot(0, 'x'), slot(1, 'y')];
    expect(chooseSlot(two, new Set(['x', 'y']), 'a', 2, first)).toBeNull();
  });

  it('takes over a slot whose case no longer holds a live claim, conditional on it', () => {
    const old = slot(0, 'x');
    expect(chooseSlot([old], new Set(), 'a', 1, first)).toEqual({ slot: 0, previous: old });
  });

  it('reuses the slot that already names the case, so claims of one case race for one slot', () => {
    const own = slot(1, 'a');
    expect(chooseSlot([slot(0, 'x'), own], new Set(['x']), 'a', 2, first)).toEqual({
      slot: 1,
      previous: own,
    });
  });

  it('counts the live claims of other cases even when the slot names this case', () => {
    // MAX_ACTIVE_CLAIMS lowered from 2 to 1 while two slots exist: the other live claim counts.
    expect(chooseSlot([slot(0, 'x'), slot(1, 'a')], new Set(['x']), 'a', 1, first)).toBeNull();
  });

  it('opens a new slot number below the limit when no slot is free', () => {
    expect(chooseSlot([slot(0, 'x')], new Set(['x']), 'a', 3, () => 0.99)).toEqual({
      slot: 2,
      previous: null,
    });
  });
});

describe('the re-claim cool-down (claimRefusal)', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  const lapsedClaim = paidCaseRecord(at(-1200), {
    status: 'claimed',
    claimedBy: 'a',
    claimedAt: at(-700),
    leaseEndsAt: at(-100),
  });

  it('refuses the provider whose claim lapsed until the cool-down from the lease end has passed', () => {
    expect(claimRefusal(lapsedClaim, 'a', now, 600)).toBe(claimMessages.coolingDown);
    expect(claimRefusal(lapsedClaim, 'a', now, 100)).toBeNull();
    expect(claimRefusal(lapsedClaim, 'b', now, 600)).toBeNull();
  });

  it('reads the same after the Scheduler released the claim (lapsedAt on the case)', () => {
    const released = paidCaseRecord(at(-1200), { lapsedClaimBy: 'a', lapsedAt: at(-100) });
    expect(claimRefusal(released, 'a', now, 600)).toBe(claimMessages.coolingDown);
    expect(claimRefusal(released, 'a', now, 99)).toBeNull();
    expect(claimRefusal(released, 'b', now, 600)).toBeNull();
  });
});
