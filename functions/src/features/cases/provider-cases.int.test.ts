import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaseA, newCaseId, newPaidCaseId, payForCase } from '#local/testing/patient-journey';
import {
  adminFetch,
  adminToken,
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import {
  claimReleaseInputSchema,
  releaseClaimAndAlert,
  scheduleClaimRelease,
} from './claim-release';
import { claimPaidCase } from './transitions';
import { createLogger } from '#lib/logger';
import * as caseContracts from '@shared/cases/contracts';
import * as meetingContracts from '@shared/meetings/contracts';
import {
  claimMessages,
  providerCaseMessages,
  type CaseListResponse,
  type ClaimCaseResponse,
  type ProviderCaseDetails,
} from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();
const log = createLogger({ test: 'provider-cases' });

let alice: SignedInProvider;
let bob: SignedInProvider;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
});

const listPath = (query: Record<string, string> = {}) =>
  `${pathOf(caseContracts.listCases, {})}?${new URLSearchParams(query).toString()}`;
const detailsPath = (caseId: string) => pathOf(caseContracts.getCaseDetails, { caseId });
const attachmentsPath = (caseId: string) => pathOf(caseContracts.listCaseAttachments, { caseId });
const claimPath = pathOf(caseContracts.claimCase, {});

/** The error envelope's message. */
async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

function claim(provider: SignedInProvider, body: unknown) {
  return providerFetch(stack, provider, claimPath, { method: 'POST', body: JSON.stringify(body) });
}

async function list(provider: SignedInProvider, query: Record<string, string> = {}) {
  const response = await providerFetch(stack, provider, listPath(query));
  expect(response.status).toBe(200);
  return (await response.json()) as CaseListResponse;
}

/** Every page of a list, following `nextCursor`. */
async function allPages(provider: SignedInProvider, view: string, limit: number) {
  const pages: CaseListResponse[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(provider, {
      view,
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

/** A claim made in this process with a chosen clock, as if it had been made back then. */
async function claimAt(caseId: string, provider: SignedInProvider, at: Date, leaseSeconds: number) {
  const bundle = await getCaseBundle(caseId);
  const result = await claimPaidCase(bundle!.case, provider, at, leaseSeconds);
  if (result.outcome !== 'claimed') throw new Error(result.message);
  return result.claim;
}

describe('provider case routes: who may call them', () => {
  it('answers 401 without a session and 403 to an admin session on every route', async () => {
    const caseId = await newPaidCaseId(stack);
    const token = await adminToken(stack);
    const calls: [string, RequestInit][] = [
      [listPath(), {}],
      [detailsPath(caseId), {}],
      [attachmentsPath(caseId), {}],
      [claimPath, { method: 'POST', body: JSON.stringify({ caseId, providerId: 'x' }) }],
    ];
    for (const [path, init] of calls) {
      const anonymous = await appFetch(stack, path, {
        ...init,
        headers: { 'content-type': 'application/json' },
      });
      expect(anonymous.status, path).toBe(401);
      const admin = await adminFetch(stack, token, path, init);
      expect(admin.status, path).toBe(403);
    }
  });
});

describe('claiming a case', () => {
  it('refuses bad input with the spec messages', async () => {
    const badId = await claim(alice, { caseId: 'not-a-uuid', providerId: alice.id });
    expect(badId.status).toBe(400);
    expect(await messageOf(badId)).toBe('Case ID must be a valid UUID');
    const noProvider = await claim(alice, { caseId: randomUUID() });
    expect(noProvider.status).toBe(400);
    expect(await messageOf(noProvider)).toBe('Provider ID is required');
    const blankProvider = await claim(alice, { caseId: randomUUID(), providerId: '  ' });
    expect(await messageOf(blankProvider)).toBe('Provider ID is required');
  });

  it('refuses a claim naming another provider (403), an unknown case (404) and an unpaid one (409)', async () => {
    const caseId = await newPaidCaseId(stack);
    const forOther = await claim(alice, { caseId, providerId: bob.id });
    expect(forOther.status).toBe(403);
    expect(await messageOf(forOther)).toBe(claimMessages.notYourself);
    expect((await getCaseBundle(caseId))?.case.status).toBe('paid');

    const unknown = await claim(alice, { caseId: randomUUID(), providerId: alice.id });
    expect(unknown.status).toBe(404);
    const unpaid = await claim(alice, { caseId: await newCaseId(stack), providerId: alice.id });
    expect(unpaid.status).toBe(409);
    expect(await messageOf(unpaid)).toBe(claimMessages.notPaid);
  });

  it('gives exactly one winner among 50 concurrent claims from 5 providers', async () => {
    const others = await Promise.all([1, 2, 3].map(() => signInProvider(stack)));
    const providers = [alice, bob, ...others];
    const caseId = await newPaidCaseId(stack);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const provider = providers[index % providers.length]!;
        return claim(provider, { caseId, providerId: provider.id });
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);

    const winnerIndex = statuses.indexOf(200);
    const winner = providers[winnerIndex % providers.length]!;
    const won = (await answers[winnerIndex]!.json()) as ClaimCaseResponse;
    expect(won).toMatchObject({
      success: true,
      case: { id: caseId, status: 'claimed', claimedBy: winner.id, claimedByMe: true },
    });
    const stored = await getCaseBundle(caseId);
    expect(stored?.case).toMatchObject({ status: 'claimed', claimedBy: winner.id });
    const loser = providers.find((provider) => provider !== winner)!;
    const late = await claim(loser, { caseId, providerId: loser.id });
    expect(await messageOf(late)).toBe(claimMessages.claimedByOther);
  });
});

describe('reading cases', () => {
  it('lists a paid case as available to all, then as mine and Claimed after a claim', async () => {
    const caseId = await newPaidCaseId(stack);
    const before = await list(bob, { view: 'available', limit: '100' });
    expect(before.cases.map((c) => c.id)).toContain(caseId);
    expect(before.counts.available).toBeGreaterThanOrEqual(1);

    const mineBefore = (await list(alice, { view: 'mine' })).counts.myActive;
    expect((await claim(alice, { caseId, providerId: alice.id })).status).toBe(200);

    const mine = await list(alice, { view: 'mine', limit: '100' });
    expect(mine.counts.myActive).toBe(mineBefore + 1);
    expect(mine.cases.find((c) => c.id === caseId)).toMatchObject({
      status: 'claimed',
      claimedByMe: true,
    });
    expect(mine.cases.find((c) => c.id === caseId)?.claimExpiresAt).not.toBeNull();
    const available = await list(bob, { view: 'available', limit: '100' });
    expect(available.cases.map((c) => c.id)).not.toContain(caseId);
    const all = await allPages(bob, 'all', 100);
    const seen = all.flatMap((page) => page.cases).find((c) => c.id === caseId);
    expect(seen).toMatchObject({ status: 'claimed', claimedBy: alice.id, claimedByMe: false });
  });

  it('pages through a list with an opaque cursor, each case once, and refuses foreign cursors', async () => {
    const paidHere = await Promise.all([
      newPaidCaseId(stack),
      newPaidCaseId(stack),
      newPaidCaseId(stack),
    ]);
    // Other test files pay and claim cases on the shared stack meanwhile, so the walk is checked
    // by what cannot change under it: no case twice, newest first, and every case paid before
    // it started (up to 100, read in one page) seen. New cases enter above the cursor.
    const before = await list(bob, { view: 'all', limit: '100' });
    const paidBefore = before.cases.map((c) => c.id);
    expect(paidBefore).toEqual(expect.arrayContaining(paidHere));
    const pages = await allPages(bob, 'all', 2);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((page) => page.cases.length <= 2)).toBe(true);
    const ids = pages.flatMap((page) => page.cases.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(paidBefore));
    const paidTimes = pages.flatMap((page) => page.cases.map((c) => c.paidAt!));
    expect([...paidTimes].sort().reverse()).toEqual(paidTimes);

    const availablePages = await allPages(bob, 'available', 3);
    const availableIds = availablePages.flatMap((page) => page.cases.map((c) => c.id));
    expect(new Set(availableIds).size).toBe(availableIds.length);
    expect(availableIds).toEqual(expect.arrayContaining(paidHere));

    const foreign = await providerFetch(
      stack,
      bob,
      listPath({ view: 'mine', cursor: pages[0]!.nextCursor! }),
    );
    expect(foreign.status).toBe(400);
    expect(await messageOf(foreign)).toBe('Invalid cursor');
    const forged = await providerFetch(stack, bob, listPath({ cursor: 'bm90LWEta2V5' }));
    expect(forged.status).toBe(400);
  });

  it('shows details and attachments only to the claiming doctor: a waiting case or another provider’s is 403', async () => {
    const caseId = await newPaidCaseId(stack);
    // Waiting: no provider holds it, so none sees the patient (spec doc 2 §6).
    for (const path of [detailsPath(caseId), attachmentsPath(caseId)]) {
      const waiting = await providerFetch(stack, bob, path);
      expect(waiting.status, path).toBe(403);
      const text = await waiting.text();
      expect(JSON.parse(text)).toEqual({ message: providerCaseMessages.claimFirst });
      expect(text).not.toContain('ada@example.org');
    }

    expect((await claim(alice, { caseId, providerId: alice.id })).status).toBe(200);
    const open = await providerFetch(stack, alice, detailsPath(caseId));
    expect(open.status).toBe(200);
    const own = (await open.json()) as ProviderCaseDetails;
    expect(own).toMatchObject({
      id: caseId,
      status: 'claimed',
      claimedByMe: true,
      triageSummary: 'Mild headache since this morning',
      patient: { name: 'Ada Patient', email: 'ada@example.org' },
      attachments: [],
    });
    expect(own.meeting?.providerJoinUrl).toMatch(/^http/);
    expect((await providerFetch(stack, alice, attachmentsPath(caseId))).status).toBe(200);
    for (const path of [detailsPath(caseId), attachmentsPath(caseId)]) {
      const refused = await providerFetch(stack, bob, path);
      expect(refused.status, path).toBe(403);
      expect(await messageOf(refused)).toBe(providerCaseMessages.heldByOther);
    }
    const unpaid = await providerFetch(stack, bob, detailsPath(await newCaseId(stack)));
    expect(unpaid.status).toBe(404);
    const badId = await providerFetch(stack, bob, detailsPath('nope'));
    expect(badId.status).toBe(400);
    expect(await messageOf(badId)).toBe('Case ID must be a valid UUID');
  });

  it('lists a case with its summary cut to the card and its priority read from the whole', async () => {
    const long = `Dry cough for a week ${'and a sore throat '.repeat(10)}, now urgent`;
    const created = await createCaseA(stack, {
      name: 'Ada Patient',
      triageSummary: long,
      email: 'ada@example.org',
    });
    const caseId = ((await created.json()) as { caseId: string }).caseId;
    await payForCase(stack, caseId);
    const listed = (await list(bob, { view: 'available', limit: '100' })).cases.find(
      (item) => item.id === caseId,
    );
    expect(listed).toMatchObject({ triageSummary: `${long.slice(0, 120)}...`, priority: 'URGENT' });
  });

  it('never puts the provider join link in the public status', async () => {
    const caseId = await newPaidCaseId(stack);
    expect((await claim(alice, { caseId, providerId: alice.id })).status).toBe(200);
    const status = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));
    const text = await status.text();
    expect(text).toContain('patientJoinUrl');
    expect(text).not.toContain('providerJoinUrl');
    const providerLink = (await getCaseBundle(caseId))!.meeting!.providerJoinUrl;
    expect(text).not.toContain(providerLink);
  });
});

describe('the claim lease', () => {
  it('reads a lapsed claim as available everywhere, and another provider can claim it', async () => {
    const caseId = await newPaidCaseId(stack);
    const lapsedClaim = await claimAt(caseId, alice, new Date(Date.now() - 20 * 60_000), 600);

    const status = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));
    expect(await status.json()).toMatchObject({ status: 'paid', claimedBy: null });
    const aliceView = await list(alice, { view: 'available', limit: '100' });
    expect(aliceView.cases.find((c) => c.id === caseId)).toMatchObject({
      status: 'paid',
      claimedBy: null,
      myClaimLapsed: true,
    });
    expect(
      (await list(alice, { view: 'mine', limit: '100' })).cases.map((c) => c.id),
    ).not.toContain(caseId);
    // The lapsed claim no longer counts: its doctor reads the patient's data no more, and a
    // stale card's Start Call (details, then the room's start-timer) says so in plain words.
    for (const path of [detailsPath(caseId), attachmentsPath(caseId)]) {
      const lapsed = await providerFetch(stack, alice, path);
      expect(lapsed.status, path).toBe(403);
      expect(await messageOf(lapsed)).toBe(providerCaseMessages.claimLapsed);
    }
    const start = pathOf(meetingContracts.startMeetingTimer, { caseId });
    const lapsedStart = await providerFetch(stack, alice, start, { method: 'POST', body: '{}' });
    expect(lapsedStart.status).toBe(409);
    expect(await messageOf(lapsedStart)).toBe(providerCaseMessages.claimLapsed);
    // A provider who never held it is told to claim it first.
    expect(await messageOf(await providerFetch(stack, bob, detailsPath(caseId)))).toBe(
      providerCaseMessages.claimFirst,
    );

    expect((await claim(bob, { caseId, providerId: bob.id })).status).toBe(200);
    expect((await providerFetch(stack, bob, detailsPath(caseId))).status).toBe(200);
    // Alice's stale screen now meets another doctor's claim: the spec's words.
    expect(await messageOf(await providerFetch(stack, alice, detailsPath(caseId)))).toBe(
      providerCaseMessages.heldByOther,
    );
    // The old claim's release comes too late: it must not undo Bob's claim.
    expect(
      await releaseClaimAndAlert(claimReleaseInputSchema.parse({ caseId, ...lapsedClaim }), log),
    ).toBe(false);
    expect((await getCaseBundle(caseId))?.case).toMatchObject({
      status: 'claimed',
      claimedBy: bob.id,
    });
  });

  it('is released once by the Scheduler at the lease end, back to the queue', async () => {
    const caseId = await newPaidCaseId(stack);
    const shortClaim = await claimAt(caseId, alice, new Date(), 1);
    await scheduleClaimRelease(caseId, shortClaim);

    await expect
      .poll(async () => (await getCaseBundle(caseId))?.case.status, { timeout: 15_000 })
      .toBe('paid');
    expect((await getCaseBundle(caseId))?.case).toMatchObject({
      claimedBy: null,
      leaseEndsAt: null,
      lapsedClaimBy: alice.id,
    });
    const input = claimReleaseInputSchema.parse({ caseId, ...shortClaim });
    expect(await releaseClaimAndAlert(input, log)).toBe(false);
    const queue = await list(bob, { view: 'available', limit: '100' });
    expect(queue.cases.filter((c) => c.id === caseId)).toHaveLength(1);
  });
});
