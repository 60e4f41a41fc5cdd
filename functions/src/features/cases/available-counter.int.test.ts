import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { newCaseId, newPatientB, payForCase } from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { getCaseBundle } from '#db/cases/bundle';
import { countCases } from '#db/cases/list-counts';
import { queueList } from '#db/cases/lists';
import type { CaseRecord } from '#db/cases/record';
import { readItems } from '#db/item-reads';
import { forgetWaitingCounter } from '#db/testing';
import { waitingCountRead } from '#db/waiting-counter';
import { reloadEnv } from '#core/env';
import { availableCount } from './available-count';
import { releaseUnjoinedCall } from './call-transitions';
import {
  claimPaidCase,
  expireUnstartedCase,
  lapseWaitPromise,
  releaseLapsedClaim,
} from './transitions';
import * as caseContracts from '@shared/cases/contracts';
import type { CaseListResponse } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';

/**
 * The Available counter (issue 29 item 1, docs/adr/0027) against DynamoDB Local, on a stack of
 * this file's own so that nothing else moves its queue: after every transition into or out of
 * the queue, the counter (the waiting counter's items and the lapsed leases' COUNT) equals the
 * queue's own count of what reads as available (the COUNT of the queue that `GET /api/cases`
 * made before), at the same `now`, and moved by what the transition should move it by. The
 * scheduled transitions (release, expiry, lapsed wait promise, the doctor's join check) are called
 * in this worker at a time past their moment, as their targets would be.
 */
let stack: RunningStack;
let stop: () => Promise<void>;
let providers: SignedInProvider[];

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('available-counter', {
    maxActiveClaims: 100,
    // Calls started with no doctor's room page stay started (docs/adr/0023's join check).
    providerJoinGraceSeconds: 3600,
  }));
  // This worker's data layer reads and writes this file's own stack.
  Object.assign(process.env, stack.handlerEnvironment);
  reloadEnv();
  providers = [];
  for (let index = 0; index < 3; index += 1) providers.push(await signInProvider(stack));
}, 180_000);
afterAll(async () => {
  await stop?.();
});

const seconds = (at: Date, count: number) => new Date(at.getTime() + count * 1000);

/** The counter at `at`, checked against the queue's own count then; it must have a baseline. */
async function available(at = new Date()): Promise<number> {
  const stored = await readItems(waitingCountRead);
  expect(stored.baseline).not.toBeNull();
  const [counted, queueCount] = await Promise.all([
    availableCount(stored, at),
    countCases(queueList, { filter: 'available', now: at }),
  ]);
  expect(counted, `the counter at ${at.toISOString()}`).toBe(queueCount);
  return counted;
}

/** A new case paid by its patient through Checkout and the webhook. */
const newPaidCase = async () => payForCase(stack, await newCaseId(stack));

async function caseRecord(caseId: string): Promise<CaseRecord> {
  const bundle = await getCaseBundle(caseId);
  if (!bundle) throw new Error(`no case ${caseId}`);
  return bundle.case;
}

/** A claim made in this worker at `at`, with a lease of `leaseSeconds`. */
async function claimAt(caseId: string, provider: SignedInProvider, at: Date, leaseSeconds = 60) {
  const outcome = await claimPaidCase(await caseRecord(caseId), provider, at, leaseSeconds);
  if (outcome.outcome !== 'claimed') throw new Error(`claim refused: ${outcome.message}`);
  return outcome.claim;
}

async function dashboardCounts(provider: SignedInProvider) {
  const response = await providerFetch(stack, provider, pathOf(caseContracts.listCases, {}));
  expect(response.status).toBe(200);
  return ((await response.json()) as CaseListResponse).counts;
}

describe('the Available counter through every transition', () => {
  it('counts a payment, a claim and a start as the dashboard shows them', async () => {
    const [alice] = providers;
    const before = await available();
    const [first] = await Promise.all([newPaidCase(), newPaidCase()]);
    expect(await available()).toBe(before + 2);
    expect((await dashboardCounts(alice!)).available).toBe(before + 2);

    await claimCase(stack, alice!, first);
    expect(await available()).toBe(before + 1);
    await startTimer(stack, alice!, first);
    expect(await available()).toBe(before + 1);
    // A started call has no lease left to lapse, whatever the time.
    expect(await available(seconds(new Date(), 3600))).toBe(before + 1);
    expect((await dashboardCounts(alice!)).available).toBe(before + 1);
  });

  it('counts a lapsed lease at once, through its release, and a new claim of it', async () => {
    const [alice, bob, carol] = providers;
    const caseId = await newPaidCase();
    const claimedAt = new Date();
    const before = await available(claimedAt);
    const claim = await claimAt(caseId, alice!, claimedAt);
    expect(await available(seconds(claimedAt, 30))).toBe(before - 1);
    // The lease ended: available again before any release ran.
    const lapsed = seconds(claimedAt, 60);
    expect(await available(lapsed)).toBe(before);
    expect(await releaseLapsedClaim(caseId, claim, seconds(lapsed, 1))).toBe(true);
    expect(await available(seconds(lapsed, 1))).toBe(before);
    await claimAt(caseId, bob!, seconds(lapsed, 2));
    expect(await available(seconds(lapsed, 3))).toBe(before - 1);

    // A new claim of a lapsed claim the Scheduler has not released yet.
    const relapsed = seconds(lapsed, 62);
    expect(await available(relapsed)).toBe(before);
    await claimAt(caseId, carol!, relapsed, 7200);
    expect(await available(seconds(relapsed, 1))).toBe(before - 1);
  });

  it('counts an expiry of a paid and of a claimed case', async () => {
    const [alice] = providers;
    const [paid, claimed] = await Promise.all([newPaidCase(), newPaidCase()]);
    const claimedAt = new Date();
    await claimAt(claimed, alice!, claimedAt);
    const late = seconds(claimedAt, 1);
    // An hour on, the claim's lease has lapsed: the case would read as available again.
    const hourOn = seconds(late, 3600);
    const [before, beforeHourOn] = [await available(late), await available(hourOn)];
    expect(await expireUnstartedCase(paid, late, 0)).toBe(true);
    expect(await available(late)).toBe(before - 1);
    expect(await expireUnstartedCase(claimed, late, 0)).toBe(true);
    // Its lease went with it: it never reads as available again.
    expect(await available(late)).toBe(before - 1);
    expect(await available(hourOn)).toBe(beforeHourOn - 2);
    expect(await expireUnstartedCase(paid, late, 0)).toBe(false);
    expect(await available(late)).toBe(before - 1);
  });

  it('counts a lapsed wait promise of a paid and of a claimed case, and Keep waiting', async () => {
    const [alice] = providers;
    const [paid, claimed] = await Promise.all([newPaidCase(), newPaidCase()]);
    const claimedAt = new Date();
    await claimAt(claimed, alice!, claimedAt, 7200);
    // Past both promises, the claim's lease still live; then past its lease too.
    const pastPromise = seconds(claimedAt, 3600);
    const pastLease = seconds(claimedAt, 7300);
    const [before, beforePastLease] = [await available(pastPromise), await available(pastLease)];
    expect(await lapseWaitPromise(paid, 1, pastPromise)).toBe(true);
    expect(await lapseWaitPromise(claimed, 1, pastPromise)).toBe(true);
    expect(await available(pastPromise)).toBe(before - 1);
    expect(await available(pastLease)).toBe(beforePastLease - 2);

    // Keep waiting: the patient authorizes again and the case waits again.
    const beforeAgain = await available();
    await payForCase(stack, paid);
    expect(await available()).toBe(beforeAgain + 1);
  });

  it('counts a call whose doctor never joined: back in the queue', async () => {
    const [alice] = providers;
    const caseId = await newPaidCase();
    await claimCase(stack, alice!, caseId);
    await startTimer(stack, alice!, caseId);
    const before = await available();
    const bundle = await getCaseBundle(caseId);
    expect(await releaseUnjoinedCall(bundle!)).toBe(true);
    expect(await available()).toBe(before + 1);
  });

  it('counts a home nurse visit while it waits, and not once claimed', async () => {
    const [alice] = providers;
    const hourOn = seconds(new Date(), 3600);
    const [before, beforeHourOn] = [await available(), await available(hourOn)];
    const { caseId } = await newPatientB(stack, { requestType: 'nurse-visit' });
    await payForCase(stack, caseId);
    expect(await available()).toBe(before + 1);
    await claimCase(stack, alice!, caseId);
    expect(await available()).toBe(before);
    // No lease: it never lapses back.
    expect(await available(hourOn)).toBe(beforeHourOn);
  });

  it('counts concurrent claims of one case once, and concurrent payments and claims', async () => {
    const before = await available();
    const contested = await newPaidCase();
    const answers = await Promise.all(
      providers.map((provider) =>
        providerFetch(stack, provider, pathOf(caseContracts.claimCase, {}), {
          method: 'POST',
          body: JSON.stringify({ caseId: contested, providerId: provider.id }),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await available()).toBe(before);

    const paid = await Promise.all(Array.from({ length: 6 }, () => newPaidCase()));
    await Promise.all(providers.map((provider, index) => claimCase(stack, provider, paid[index]!)));
    expect(await available()).toBe(before + 3);
  });
});

describe('a stage older than the counter', () => {
  it('counts the queue as before, recounts once, then reads the counter', async () => {
    const [alice] = providers;
    await newPaidCase();
    const storedPaid = await countCases(queueList, { filter: 'storedPaid', now: new Date() });
    await forgetWaitingCounter();
    expect((await readItems(waitingCountRead)).baseline).toBeNull();

    const counts = await dashboardCounts(alice!);
    expect(counts.available).toBe(
      await countCases(queueList, { filter: 'available', now: new Date() }),
    );
    const recounted = await readItems(waitingCountRead);
    expect(recounted).toMatchObject({ baseline: storedPaid, counted: 0 });

    await newPaidCase();
    expect(await available()).toBe(counts.available + 1);
    expect((await dashboardCounts(alice!)).available).toBe(counts.available + 1);
  });
});
