import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { caseStatus, newPaidCaseId } from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import * as caseContracts from '@shared/cases/contracts';
import { claimMessages, type ClaimCaseResponse } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';

/**
 * Issue 25 item 6 (security review M4): no one provider account hoards the queue. A stack of
 * its own with the cloud's claim rule (one live claim per provider), a short lease so a claim
 * lapses within the test, and a cool-down as long as the lease.
 */
const LEASE_SECONDS = 8;
const COOLDOWN_SECONDS = 8;

let stack: RunningStack;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('claim-limits', {
    claimLeaseSeconds: LEASE_SECONDS,
    claimCooldownSeconds: COOLDOWN_SECONDS,
  }));
}, 120_000);
afterAll(async () => {
  await stop?.();
});

interface ClaimAnswer {
  status: number;
  message: string | undefined;
  body: ClaimCaseResponse | undefined;
}

async function claim(provider: SignedInProvider, caseId: string): Promise<ClaimAnswer> {
  const response = await providerFetch(stack, provider, pathOf(caseContracts.claimCase, {}), {
    method: 'POST',
    body: JSON.stringify({ caseId, providerId: provider.id }),
  });
  const body = (await response.json()) as ClaimCaseResponse & { message?: string };
  return {
    status: response.status,
    message: body.message,
    body: response.status === 200 ? body : undefined,
  };
}

const refusedWith = (message: string) => ({ status: 409, message, body: undefined });

describe('one live claim per provider', () => {
  it('refuses a second claim while the first is claimed or in its call, and frees it at the end', async () => {
    const alice = await signInProvider(stack);
    const [first, second] = await Promise.all([newPaidCaseId(stack), newPaidCaseId(stack)]);
    expect((await claim(alice, first)).status).toBe(200);
    expect(await claim(alice, second)).toEqual(refusedWith(claimMessages.activeClaimHeld));
    expect((await caseStatus(stack, second)).status).toBe('paid');

    await startTimer(stack, alice, first);
    expect(await claim(alice, second)).toEqual(refusedWith(claimMessages.activeClaimHeld));

    const ended = await providerFetch(
      stack,
      alice,
      pathOf(meetingContracts.endMeeting, { caseId: first }),
      { method: 'POST' },
    );
    expect(ended.status).toBe(200);
    expect((await claim(alice, second)).status).toBe(200);
  });

  it('lets exactly one of several parallel claims by one provider win', async () => {
    const bob = await signInProvider(stack);
    const caseIds = await Promise.all([1, 2, 3, 4, 5].map(() => newPaidCaseId(stack)));
    const answers = await Promise.all(caseIds.map((caseId) => claim(bob, caseId)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(
      Array.from({ length: 4 }, () => refusedWith(claimMessages.activeClaimHeld)),
    );
    const statuses = await Promise.all(
      caseIds.map(async (id) => (await caseStatus(stack, id)).status),
    );
    expect(statuses.filter((status) => status === 'claimed')).toHaveLength(1);
  });
});

describe('the re-claim cool-down after a lapse', () => {
  it(
    'refuses the lapsed claimer during the cool-down, lets another provider claim, and the claimer after it',
    { timeout: 90_000 },
    async () => {
      const [carol, dave] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
      const [caseId, otherCaseId] = await Promise.all([newPaidCaseId(stack), newPaidCaseId(stack)]);
      expect((await claim(carol, caseId)).status).toBe(200);

      await pollUntil(
        'the claim lapses',
        async () => ((await caseStatus(stack, caseId)).status === 'paid' ? true : undefined),
        { timeoutMs: (LEASE_SECONDS + 10) * 1000, intervalMs: 200 },
      );
      expect(await claim(carol, caseId)).toEqual(refusedWith(claimMessages.coolingDown));
      // The lapse freed Carol's slot: another case is hers to claim.
      expect((await claim(carol, otherCaseId)).status).toBe(200);
      // Other providers are not held back by Carol's cool-down.
      expect((await claim(dave, caseId)).status).toBe(200);
    },
  );

  it(
    'lets the lapsed claimer claim the case again once the cool-down has passed',
    { timeout: 90_000 },
    async () => {
      const erin = await signInProvider(stack);
      const caseId = await newPaidCaseId(stack);
      const first = await claim(erin, caseId);
      expect(first.status).toBe(200);
      const leaseEnd = Date.parse(first.body!.case.claimExpiresAt!);

      const refusals: ClaimAnswer[] = [];
      const again = await pollUntil(
        'a re-claim after the cool-down',
        async () => {
          if ((await caseStatus(stack, caseId)).status !== 'paid') return undefined;
          const answer = await claim(erin, caseId);
          if (answer.status === 200) return answer;
          refusals.push(answer);
          return undefined;
        },
        { timeoutMs: (LEASE_SECONDS + COOLDOWN_SECONDS + 20) * 1000, intervalMs: 250 },
      );
      expect(refusals.length).toBeGreaterThan(0);
      expect(new Set(refusals.map((refusal) => refusal.message))).toEqual(
        new Set([claimMessages.coolingDown]),
      );
      // The server's own clock: the new claim came no earlier than the lease end plus the cool-down.
      expect(Date.parse(again.body!.case.claimedAt!)).toBeGreaterThanOrEqual(
        leaseEnd + COOLDOWN_SECONDS * 1000,
      );
    },
  );
});
