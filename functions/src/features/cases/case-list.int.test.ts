import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { startOwnStack } from '#local/testing/own-stack';
import { createCaseA, payForCase } from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import { caseListQuerySchema, type CaseListResponse } from '@shared/cases/provider-case';
import { MEETING_DURATION_MINUTES } from '@shared/payments/constants';
import { getCaseBundle } from '#db/cases/bundle';
import { recordRoomJoinItem } from '#db/cases/call';
import { listMatchingCasePage, paidCasesList } from '#db/cases/lists';
import type { CaseRecord } from '#db/cases/record';
import { readItems } from '#db/item-reads';
import { forgetWaitingCounter } from '#db/testing';
import type { Session } from '#lib/auth/sessions';
import { reloadEnv } from '#core/env';
import { completeCall, startCall } from './call-transitions';
import { caseListCountersRead, listProviderCases } from './case-list';
import { claimPaidCase, type Claimant } from './transitions';

/**
 * `GET /api/cases` (features/cases/case-list.ts, docs/access-patterns.md patterns 26-29, 56-57)
 * against DynamoDB Local: every page, filter and counter is what DynamoDB answers for cases
 * stored by the real transitions, read at a chosen `now`, so each key condition, filter
 * expression and cursor is DynamoDB's own work, not a mock's. The file runs on a stack of its own
 * (as available-counter.int.test.ts does) because the queue, the paid list and the counters are
 * the whole table's: on the shared stack other files' cases would move them.
 *
 * Nine cases are paid through Stripe's stand-in, one after another (so newest first is the
 * reverse of this list), then claimed and started in this worker at `t0` + a few seconds. The
 * worker schedules nothing (no release, no end), and the payments' own schedules (the wait
 * promise at 30 minutes, the expiry at 24 hours) come long after the file, so the stored cases
 * stay as written and each reads as its times say at `EARLY`, `NOW` and `LATE`:
 *
 * | case                  | stored             | at EARLY (+5m) | at NOW (+20m)    | at LATE (+70m) |
 * | --------------------- | ------------------ | -------------- | ---------------- | -------------- |
 * | waiting one, two      | paid               | paid           | paid             | paid           |
 * | other/my live claim   | claimed, 1 h lease | claimed        | claimed          | paid (lapsed)  |
 * | other/my lapsed claim | claimed, 10 min    | claimed        | paid (lapsed)    | paid (lapsed)  |
 * | my call               | in call from +10m  | in call        | in call          | past its end   |
 * | my ended call         | in call from +30s  | in call        | completed        | completed      |
 * | my completed call     | completed at +5m   | completed      | completed        | completed      |
 */
const summaries = [
  'waiting one',
  'waiting two',
  'other live claim',
  'other lapsed claim',
  'my live claim',
  'my lapsed claim',
  'my call',
  'my ended call',
  'my completed call',
] as const;
type Summary = (typeof summaries)[number];

const HOUR = 3600;
const TEN_MINUTES = 600;

let stack: RunningStack;
let stop: () => Promise<void>;
const caseIds = new Map<Summary, string>();
const me: Claimant = { id: randomUUID(), name: 'Dr. Mine' };
const other: Claimant = { id: randomUUID(), name: 'Dr. Other' };
let t0: Date;
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const EARLY = () => at(5 * 60);
const NOW = () => at(20 * 60);
const LATE = () => at(70 * 60);

const idOf = (summary: Summary): string => {
  const id = caseIds.get(summary);
  if (!id) throw new Error(`no case ${summary}`);
  return id;
};

async function bundleOf(summary: Summary) {
  const bundle = await getCaseBundle(idOf(summary));
  if (!bundle) throw new Error(`no case ${summary}`);
  return bundle;
}

/** A case of reading A with this summary, paid with the test card (the webhook marks it paid). */
async function paidCase(summary: Summary): Promise<string> {
  const created = await createCaseA(stack, {
    name: 'Ada Patient',
    triageSummary: summary,
    email: 'ada@example.org',
  });
  expect(created.status).toBe(201);
  return payForCase(stack, ((await created.json()) as { caseId: string }).caseId);
}

/** A claim made in this worker at `t0 + atSeconds` (no release is scheduled). */
async function claim(summary: Summary, claimant: Claimant, atSeconds: number, lease: number) {
  const outcome = await claimPaidCase(
    (await bundleOf(summary)).case,
    claimant,
    at(atSeconds),
    lease,
  );
  if (outcome.outcome !== 'claimed') throw new Error(`claim refused: ${outcome.message}`);
}

/** The claimer starts the call at `t0 + atSeconds`, for the meeting's length (no end scheduled). */
async function startCallAt(summary: Summary, atSeconds: number) {
  const bundle = await bundleOf(summary);
  const { claimedBy, claimedAt } = bundle.case;
  if (!claimedBy || !claimedAt) throw new Error(`${summary} is not claimed`);
  const startedAt = at(atSeconds);
  const endsAt = new Date(startedAt.getTime() + MEETING_DURATION_MINUTES * 60_000);
  const outcome = await startCall(
    bundle,
    { providerId: claimedBy, claimedAt },
    { startedAt: startedAt.toISOString(), endsAt: endsAt.toISOString(), autoEndTimerId: 'none' },
    startedAt,
  );
  if (outcome.outcome !== 'started') throw new Error(`${summary}: call not started`);
}

/** The provider's session as the account re-check hands it to the handler. */
const session: () => Session = () => ({
  id: `session-of-${me.id}`,
  role: 'provider',
  subjectId: me.id,
  createdAt: t0.getTime(),
  lastSeenAt: t0.getTime(),
  mustChangePassword: false,
});
/** The counter items as `GET /api/cases` reads them with the account. */
const storedCounters = () => readItems(caseListCountersRead(session()));

/** One page of a view, read as `GET /api/cases?…` would at `now`, by the provider `me`. */
async function list(query: Record<string, string>, now: Date): Promise<CaseListResponse> {
  return listProviderCases(me.id, caseListQuerySchema.parse(query), await storedCounters(), now);
}

/** Every page of a view at `now`, following `nextCursor` to the end. */
async function everyPage(query: Record<string, string>, now: Date): Promise<CaseListResponse[]> {
  const pages: CaseListResponse[] = [];
  let cursor: string | null = null;
  do {
    const page: CaseListResponse = await list({ ...query, ...(cursor ? { cursor } : {}) }, now);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const summariesIn = (page: CaseListResponse) => page.cases.map((c) => c.triageSummary);

beforeAll(async () => {
  ({ stack, stop } = await startOwnStack('case-list', { maxActiveClaims: 100 }));
  // This worker's data layer reads and writes this file's own stack.
  Object.assign(process.env, stack.handlerEnvironment);
  reloadEnv();
  for (const summary of summaries) caseIds.set(summary, await paidCase(summary));
  t0 = new Date();
  await claim('other live claim', other, 3, HOUR);
  await claim('other lapsed claim', other, 4, TEN_MINUTES);
  await claim('my live claim', me, 5, HOUR);
  await claim('my lapsed claim', me, 6, TEN_MINUTES);
  await claim('my call', me, 7, HOUR);
  await claim('my ended call', me, 8, HOUR);
  await claim('my completed call', me, 9, HOUR);
  await startCallAt('my call', 10 * 60);
  await startCallAt('my ended call', 30);
  await startCallAt('my completed call', 30);
  // The patient was in the room: a call past its end without them reads as a no-show (ADR 0023).
  await recordRoomJoinItem(idOf('my ended call'), 'patient', at(60).toISOString());
  expect(await completeCall(await bundleOf('my completed call'), at(5 * 60).toISOString())).toBe(
    true,
  );
  // Total is added to just after each paid transaction, apart from it.
  await pollUntil('every payment counted in Total', async () =>
    (await storedCounters()).paid === summaries.length ? true : undefined,
  );
}, 180_000);
afterAll(async () => {
  await stop?.();
});

describe('the Available view and counter, as the cases read at the time asked', () => {
  it('lists the waiting cases and the lapsed claims, never a live claim, and counts exactly those', async () => {
    const pages = await everyPage({ view: 'available', limit: '2' }, NOW());
    // Each page reads 3 cases of the queue (6 newest first) and shows those waiting now.
    expect(pages.map(summariesIn)).toEqual([
      ['my lapsed claim'],
      ['other lapsed claim'],
      ['waiting two', 'waiting one'],
    ]);
    expect(pages.map((page) => page.counts.available)).toEqual([4, 4, 4]);
  });

  it('before any lease ended: only the paid cases; once every lease ended: every queued case', async () => {
    const early = await list({ view: 'available' }, EARLY());
    expect(summariesIn(early)).toEqual(['waiting two', 'waiting one']);
    expect(early.counts.available).toBe(2);
    const late = await list({ view: 'available' }, LATE());
    expect(summariesIn(late)).toEqual([
      'my lapsed claim',
      'my live claim',
      'other lapsed claim',
      'other live claim',
      'waiting two',
      'waiting one',
    ]);
    expect(late.counts.available).toBe(6);
  });
});

describe('My Active, Completed and the counters', () => {
  it('My Active holds the live claims and calls; a lapsed claim leaves it, an ended call counts as completed', async () => {
    const early = await list({ view: 'mine' }, EARLY());
    expect(summariesIn(early)).toEqual([
      'my ended call',
      'my call',
      'my lapsed claim',
      'my live claim',
    ]);
    expect(early.counts).toEqual({ available: 2, myActive: 4, completed: 1, total: 9 });

    const now = await list({ view: 'mine' }, NOW());
    expect(summariesIn(now)).toEqual(['my call', 'my live claim']);
    expect(now.counts).toEqual({ available: 4, myActive: 2, completed: 2, total: 9 });
  });

  it('pages My Active from its one read, the cursor moving past what the page leaves out', async () => {
    const pages = await everyPage({ view: 'mine', limit: '2' }, NOW());
    expect(pages.map(summariesIn)).toEqual([['my call'], ['my live claim']]);
  });

  it('Completed lists the calls whose end is stored; the counter adds the one past its end', async () => {
    const completed = await list({ view: 'completed' }, NOW());
    expect(summariesIn(completed)).toEqual(['my completed call']);
    expect(completed.counts.completed).toBe(2);
  });
});

describe('search and status filter over a whole list', () => {
  it('filters All by the status each case reads now', async () => {
    const withStatus = async (status: string) =>
      summariesIn(await list({ view: 'all', status }, NOW()));
    expect(await withStatus('paid')).toEqual([
      'my lapsed claim',
      'other lapsed claim',
      'waiting two',
      'waiting one',
    ]);
    expect(await withStatus('claimed')).toEqual(['my live claim', 'other live claim']);
    expect(await withStatus('in_call')).toEqual(['my call']);
    expect(await withStatus('completed')).toEqual(['my completed call', 'my ended call']);
  });

  it('finds a substring of the summary in any case, within the view', async () => {
    expect(summariesIn(await list({ view: 'all', search: 'LAPSED' }, NOW()))).toEqual([
      'my lapsed claim',
      'other lapsed claim',
    ]);
    expect(summariesIn(await list({ view: 'mine', search: 'CALL' }, NOW()))).toEqual(['my call']);
    expect(
      summariesIn(await list({ view: 'all', status: 'paid', search: 'other' }, NOW())),
    ).toEqual(['other lapsed claim']);
  });

  it('finds a whole case id by its key, only in a view that lists the case now', async () => {
    const byId = async (view: string, summary: Summary) =>
      summariesIn(await list({ view, search: idOf(summary).toUpperCase() }, NOW()));
    expect(await byId('available', 'other lapsed claim')).toEqual(['other lapsed claim']);
    expect(await byId('mine', 'other lapsed claim')).toEqual([]);
    expect(await byId('available', 'other live claim')).toEqual([]);
    expect(await byId('completed', 'my completed call')).toEqual(['my completed call']);
  });

  it('stops a filtered read at its bound and reads on from the position it reached', async () => {
    const keep = (caseRecord: CaseRecord) => caseRecord.triageSummary === 'waiting one';
    const limits = { items: 5, queries: 4 };
    // The 5 newest of the 9 paid cases are read, none matches: an empty page with a position.
    const first = await listMatchingCasePage(paidCasesList, { limit: 2, keep, limits });
    expect(first.cases).toEqual([]);
    expect(first.lastSortKey?.endsWith(idOf('my live claim'))).toBe(true);
    const next = await listMatchingCasePage(paidCasesList, {
      limit: 2,
      keep,
      limits,
      afterSortKey: first.lastSortKey!,
    });
    expect(next.cases.map((c) => c.triageSummary)).toEqual(['waiting one']);
    expect(next.lastSortKey).toBeNull();
  });
});

// Last: it deletes the waiting counter, which the recount then writes again.
describe('a stage older than the waiting counter', () => {
  it('counts the queue itself at the time asked, then writes the baseline it found', async () => {
    await forgetWaitingCounter();
    const before = await storedCounters();
    expect(before.waiting.baseline).toBeNull();
    const answer = await listProviderCases(
      me.id,
      caseListQuerySchema.parse({ view: 'mine' }),
      before,
      NOW(),
    );
    // The waiting cases and the two lapsed claims, counted by the queue's filter at NOW.
    expect(answer.counts.available).toBe(4);
    // The queued cases stored as paid (a claim stays stored claimed, lapsed or not).
    expect((await storedCounters()).waiting).toMatchObject({ baseline: 2, counted: 0 });
    expect((await list({ view: 'available' }, LATE())).counts.available).toBe(6);
  });
});
