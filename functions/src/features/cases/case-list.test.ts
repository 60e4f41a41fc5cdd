import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caseListQuerySchema } from '@shared/cases/provider-case';
import type { CaseRecord } from '../../db/cases/record';
import {
  BatchGetCommand,
  GetCommand,
  mockDocumentClient,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '../../db/testing-sdk';
import { paidCaseRecord } from '../../testing/cases';
import { restoreEnv, stubEnv } from '../../testing/env';
import { listProviderCases } from './case-list';

const dynamo = mockDocumentClient();
const now = new Date('2026-11-25T12:00:00.000Z');
const at = (minutesFromNow: number) =>
  new Date(now.getTime() + minutesFromNow * 60_000).toISOString();
/**
 * The counter items as the account re-check read them (list.handler.ts): 2 cases stored as
 * paid in the queue (a baseline of 1 and one counted since).
 */
const stored = {
  paid: 42,
  completed: 7,
  waiting: { counted: 1, shardWrites: [0, 0, 0, 5, 0, 0, 0, 0], baseline: 1 },
};

/** A stored paid case as the queue index holds it, paid `minutesAgo` before `now`. */
function queuedCase(index: number, minutesAgo: number) {
  const paidAt = at(-minutesAgo);
  const record = paidCaseRecord(paidAt, { triageSummary: `case ${index}` });
  return {
    pk: `CASE#${record.id}`,
    sk: 'CASE',
    gsi2pk: 'CASE_QUEUE',
    gsi2sk: `${paidAt}#${record.id}`,
    entity: 'Case',
    ...record,
  };
}

// Newest first, as the index answers with ScanIndexForward false; case 2 is a live claim.
const queue = [1, 2, 3, 4, 5].map((index) => queuedCase(index, index));
Object.assign(queue[1]!, {
  status: 'claimed',
  claimedBy: 'provider-2',
  claimedByName: 'Dr. Two',
  claimedAt: now.toISOString(),
  leaseEndsAt: at(1),
});

/** One of provider-1's active cases (gsi3 `ACTIVE#`), claimed `minutesAgo` before `now`. */
function activeCase(summary: string, minutesAgo: number, overrides: Partial<CaseRecord>) {
  const claimedAt = at(-minutesAgo);
  const record = paidCaseRecord(at(-minutesAgo - 1), {
    triageSummary: summary,
    claimedBy: 'provider-1',
    claimedByName: 'Dr. One',
    claimedAt,
    ...overrides,
  });
  return {
    pk: `CASE#${record.id}`,
    sk: 'CASE',
    gsi3pk: 'PROVIDER_CASES#provider-1',
    gsi3sk: `ACTIVE#${claimedAt}#${record.id}`,
    entity: 'Case',
    ...record,
  };
}

// Newest first: a live claim, a lapsed one (reads available), a call within its 15 minutes and
// one past its `endsAt` (reads completed before the Scheduler stores the end).
const active = [
  activeCase('live claim', 1, { status: 'claimed', leaseEndsAt: at(9) }),
  activeCase('lapsed claim', 12, { status: 'claimed', leaseEndsAt: at(-2) }),
  activeCase('in call', 20, {
    status: 'in_call',
    startedAt: at(-5),
    endsAt: at(10),
    patientJoinedAt: at(-5),
  }),
  activeCase('call ended', 30, {
    status: 'in_call',
    startedAt: at(-16),
    endsAt: at(-1),
    patientJoinedAt: at(-16),
  }),
];

/** What the lapsed leases' `Select: COUNT` answers (the count is DynamoDB's, not checked here). */
const LAPSED_LEASES = 1;
/** The Available counter: the stored paid cases and the lapsed leases. */
const AVAILABLE = 2 + LAPSED_LEASES;

beforeEach(() => {
  dynamo.reset();
  stubEnv({ TABLE_NAME: 'test-table', LOG_LEVEL: 'error' });
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.Select === 'COUNT') return { Count: LAPSED_LEASES };
    if (input.IndexName === 'gsi2') return { Items: queue.slice(0, input.Limit) };
    if (input.ExpressionAttributeValues?.[':prefix'] === 'ACTIVE#') return { Items: active };
    return { Items: [] };
  });
});
afterEach(restoreEnv);

const queries = () => dynamo.calls().map((call) => call.args[0].input as QueryCommandInput);
const list = (query: Record<string, string>) =>
  listProviderCases('provider-1', caseListQuerySchema.parse(query), stored, now);

describe('GET /api/cases reads (docs/access-patterns.md pattern 29)', () => {
  it('My Active: its page and counters from one Query of the active cases, one COUNT of the lapsed leases', async () => {
    const answer = await list({ view: 'mine' });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(queries()).toHaveLength(2);
    const [activeRead, lapsedCount] = queries();
    expect(activeRead).toMatchObject({
      IndexName: 'gsi3',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': 'PROVIDER_CASES#provider-1', ':prefix': 'ACTIVE#' },
    });
    // Read whole: the counters need every active case, not a page of them.
    expect(activeRead?.Limit).toBeUndefined();
    expect(activeRead?.Select).toBeUndefined();
    // Only the leases that ended by now: the key condition stops there (docs/adr/0027).
    expect(lapsedCount).toMatchObject({
      IndexName: 'gsi1',
      Select: 'COUNT',
      KeyConditionExpression: 'gsi1pk = :list AND gsi1sk <= :upTo',
      ExpressionAttributeValues: { ':list': 'CLAIM_LEASES', ':upTo': `${now.toISOString()}#~` },
    });
    expect(lapsedCount?.FilterExpression).toBeUndefined();
    expect(answer.cases.map((c) => c.triageSummary)).toEqual(['live claim', 'in call']);
    expect(answer.counts).toEqual({
      available: AVAILABLE,
      myActive: 2,
      completed: stored.completed + 1,
      total: stored.paid,
    });
    expect(answer.nextCursor).toBeNull();
  });

  it('pages My Active from that one Query, the cursor moving past what it leaves out', async () => {
    const first = await list({ view: 'mine', limit: '2' });
    expect(first.cases.map((c) => c.triageSummary)).toEqual(['live claim']);
    dynamo.resetHistory();
    const next = await list({ view: 'mine', limit: '2', cursor: first.nextCursor! });
    expect(next.cases.map((c) => c.triageSummary)).toEqual(['in call']);
    expect(next.nextCursor).toBeNull();
    expect(next.counts.myActive).toBe(2);
    expect(queries().filter((input) => input.IndexName === 'gsi3')).toHaveLength(1);
  });

  it('Available: one Query of a page, and the counter without reading the queue', async () => {
    const answer = await list({ view: 'available' });
    const queueReads = queries().filter((input) => input.IndexName === 'gsi2');
    expect(queueReads).toHaveLength(1);
    expect(queueReads[0]).toMatchObject({ Limit: 26 });
    expect(queueReads[0]?.Select).toBeUndefined();
    expect(answer.cases.map((c) => c.triageSummary)).toEqual([
      'case 1',
      'case 3',
      'case 4',
      'case 5',
    ]);
    expect(answer.nextCursor).toBeNull();
    // From the counter, whatever the page holds.
    expect(answer.counts).toMatchObject({ available: AVAILABLE, myActive: 2 });
  });

  it('Available: a later page is one Query after the cursor, the counter the same', async () => {
    const first = await list({ view: 'available', limit: '3' });
    expect(first.cases.map((c) => c.triageSummary)).toEqual(['case 1', 'case 3']);
    expect(first.counts.available).toBe(AVAILABLE);
    dynamo.resetHistory();
    const next = await list({ view: 'available', limit: '3', cursor: first.nextCursor! });
    const queueReads = queries().filter((input) => input.IndexName === 'gsi2');
    expect(queueReads).toHaveLength(1);
    expect(queueReads[0]?.ExclusiveStartKey).toEqual({
      pk: `CASE#${queue[2]!.id}`,
      sk: 'CASE',
      gsi2pk: 'CASE_QUEUE',
      gsi2sk: queue[2]!.gsi2sk,
    });
    expect(next.counts.available).toBe(AVAILABLE);
  });

  it('Available before the counter has a baseline (a stage older than it): counts the queue as before, and writes the baseline', async () => {
    // The queue holds 9 available cases, 7 of them stored as paid; shard 3 counted 1 since.
    dynamo
      .on(QueryCommand, { IndexName: 'gsi2', Select: 'COUNT' })
      .callsFake((input: QueryCommandInput) => ({
        Count: input.FilterExpression === '#status = :paid' ? 7 : 9,
      }));
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'test-table': [{ pk: 'COUNTER#WAITING#3', sk: 'PAID', count: 1, writes: 5 }] },
    });
    dynamo.on(UpdateCommand).resolves({});
    const answer = await listProviderCases(
      'provider-1',
      caseListQuerySchema.parse({ view: 'mine' }),
      { ...stored, waiting: { ...stored.waiting, baseline: null } },
      now,
    );
    expect(answer.counts.available).toBe(9);
    const [baseline] = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(baseline).toMatchObject({
      Key: { pk: 'COUNTER#WAITING_BASE', sk: 'PAID' },
      ConditionExpression: 'attribute_not_exists(pk)',
      ExpressionAttributeValues: { ':count': 6 },
    });
  });

  it('writes no baseline when a transition changed the counter during the recount', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'test-table': [{ pk: 'COUNTER#WAITING#3', sk: 'PAID', count: 2, writes: 6 }] },
    });
    await listProviderCases(
      'provider-1',
      caseListQuerySchema.parse({ view: 'mine' }),
      { ...stored, waiting: { ...stored.waiting, baseline: null } },
      now,
    );
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('Completed and All: a page Query of their own, never a Scan', async () => {
    for (const [view, index] of [
      ['completed', 'gsi3'],
      ['all', 'gsi4'],
    ] as const) {
      dynamo.resetHistory();
      const answer = await list({ view });
      const sent = queries();
      expect(sent.every((input) => input.IndexName !== undefined)).toBe(true);
      expect(sent).toHaveLength(3);
      expect(sent.find((input) => input.IndexName === index && input.Limit === 26)).toBeDefined();
      expect(answer.counts).toEqual({ available: AVAILABLE, myActive: 2, completed: 8, total: 42 });
    }
  });
});

/** A stored case of the All list (gsi4 `PAID_CASES`), the `index`-th newest. */
function paidListCase(index: number, overrides: Partial<CaseRecord> = {}) {
  const paidAt = at(-index);
  const record = paidCaseRecord(paidAt, { triageSummary: `case ${index}`, ...overrides });
  return {
    pk: `CASE#${record.id}`,
    sk: 'CASE',
    gsi4pk: 'PAID_CASES',
    gsi4sk: `${paidAt}#${record.id}`,
    entity: 'Case',
    ...record,
  };
}
type PaidListItem = ReturnType<typeof paidListCase>;

/**
 * The All list as DynamoDB answers a Query of it: after `ExclusiveStartKey`, `Limit` items, or
 * fewer where `perQuery` stands for its 1 MB cut, with `LastEvaluatedKey` while more remain.
 */
function answerPaidList(items: PaidListItem[], perQuery = Infinity) {
  dynamo.on(QueryCommand, { IndexName: 'gsi4' }).callsFake((input: QueryCommandInput) => {
    const startSk = input.ExclusiveStartKey?.gsi4sk as string | undefined;
    const start = startSk ? items.findIndex((item) => item.gsi4sk === startSk) + 1 : 0;
    const page = items.slice(start, start + Math.min(input.Limit ?? Infinity, perQuery));
    const last = page.at(-1);
    const more = start + page.length < items.length;
    return {
      Items: page,
      ...(more && last
        ? {
            LastEvaluatedKey: {
              pk: last.pk,
              sk: 'CASE',
              gsi4pk: 'PAID_CASES',
              gsi4sk: last.gsi4sk,
            },
          }
        : {}),
    };
  });
}
const paidListReads = () => queries().filter((input) => input.IndexName === 'gsi4');
const summariesIn = (answer: { cases: { triageSummary: string }[] }) =>
  answer.cases.map((c) => c.triageSummary);

describe('GET /api/cases?search=&status=: the server filters the whole list', () => {
  it('finds a case far past the first page by symptoms, case-insensitive, in two bounded Queries', async () => {
    const cases = Array.from({ length: 60 }, (_, index) => paidListCase(index + 1));
    cases[49] = paidListCase(50, { triageSummary: 'A Rash on the left arm' });
    answerPaidList(cases);
    const answer = await list({ view: 'all', search: '  rASH ' });
    expect(summariesIn(answer)).toEqual(['A Rash on the left arm']);
    expect(answer.nextCursor).toBeNull();
    // The page's own Limit first, then the rest of the request's share; never a Scan.
    expect(paidListReads().map((input) => input.Limit)).toEqual([26, 274]);
    expect(queries().every((input) => input.IndexName && input.KeyConditionExpression)).toBe(true);
    // The counters are those of the lists, not of the search.
    expect(answer.counts).toEqual({ available: AVAILABLE, myActive: 2, completed: 8, total: 42 });
  });

  it('reads at most 300 cases a request and hands a cursor that reads on from there', async () => {
    const cases = Array.from({ length: 400 }, (_, index) => paidListCase(index + 1));
    cases[349] = paidListCase(350, { triageSummary: 'sore throat' });
    answerPaidList(cases);
    const first = await list({ view: 'all', search: 'throat' });
    expect(first.cases).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    expect(paidListReads().reduce((sum, input) => sum + input.Limit!, 0)).toBe(300);
    dynamo.resetHistory();
    const next = await list({ view: 'all', search: 'throat', cursor: first.nextCursor! });
    expect(paidListReads()[0]?.ExclusiveStartKey).toMatchObject({ gsi4sk: cases[299]!.gsi4sk });
    expect(summariesIn(next)).toEqual(['sore throat']);
    expect(next.nextCursor).toBeNull();
  });

  it('stops after 4 Queries when DynamoDB cuts each short at 1 MB', async () => {
    answerPaidList(
      Array.from({ length: 20 }, (_, index) => paidListCase(index + 1)),
      2,
    );
    const answer = await list({ view: 'all', search: 'nothing like this' });
    expect(paidListReads()).toHaveLength(4);
    expect(answer.cases).toEqual([]);
    expect(answer.nextCursor).not.toBeNull();
  });

  it('pages the matches: a full page ends after its last match, when one more exists', async () => {
    const cases = Array.from({ length: 30 }, (_, index) =>
      paidListCase(index + 1, { triageSummary: index % 3 === 0 ? `cough ${index}` : 'fever' }),
    );
    answerPaidList(cases);
    const first = await list({ view: 'all', search: 'cough', limit: '4' });
    expect(summariesIn(first)).toEqual(['cough 0', 'cough 3', 'cough 6', 'cough 9']);
    const next = await list({
      view: 'all',
      search: 'cough',
      limit: '4',
      cursor: first.nextCursor!,
    });
    expect(summariesIn(next)).toEqual(['cough 12', 'cough 15', 'cough 18', 'cough 21']);
    const last = await list({ view: 'all', search: 'cough', limit: '4', cursor: next.nextCursor! });
    expect(summariesIn(last)).toEqual(['cough 24', 'cough 27']);
    expect(last.nextCursor).toBeNull();
  });

  it('filters by the status as the case reads now: a lapsed claim is Ready for Care, an ended call completed', async () => {
    answerPaidList([
      paidListCase(1, { triageSummary: 'waiting' }),
      paidListCase(2, {
        triageSummary: 'live claim',
        status: 'claimed',
        claimedBy: 'provider-2',
        leaseEndsAt: at(5),
      }),
      paidListCase(3, {
        triageSummary: 'lapsed claim',
        status: 'claimed',
        claimedBy: 'provider-2',
        leaseEndsAt: at(-1),
      }),
      paidListCase(4, {
        triageSummary: 'call ended',
        status: 'in_call',
        claimedBy: 'provider-2',
        endsAt: at(-1),
        // The patient was in the room: without it the ended call reads as a no-show (ADR 0023).
        patientJoinedAt: at(-10),
      }),
      paidListCase(5, { triageSummary: 'completed', status: 'completed', endedAt: at(-2) }),
    ]);
    expect(summariesIn(await list({ view: 'all', status: 'paid' }))).toEqual([
      'waiting',
      'lapsed claim',
    ]);
    expect(summariesIn(await list({ view: 'all', status: 'claimed' }))).toEqual(['live claim']);
    expect(summariesIn(await list({ view: 'all', status: 'completed' }))).toEqual([
      'call ended',
      'completed',
    ]);
    expect(summariesIn(await list({ view: 'all', status: 'completed', search: 'END' }))).toEqual([
      'call ended',
    ]);
  });

  it('finds a case by the 8 characters its card shows, in any case, with or without its #', async () => {
    const cases = Array.from({ length: 40 }, (_, index) => paidListCase(index + 1));
    answerPaidList(cases);
    const wanted = cases[35]!;
    const answer = await list({ view: 'all', search: wanted.id.slice(0, 8).toUpperCase() });
    expect(answer.cases.map((c) => c.id)).toEqual([wanted.id]);
    // As the card writes it.
    const asShown = await list({ view: 'all', search: `#${wanted.id.slice(0, 8)}` });
    expect(asShown.cases.map((c) => c.id)).toEqual([wanted.id]);
  });

  it('reads a whole case id by its key, one GetItem, and only when the view lists the case', async () => {
    const wanted = paidListCase(7, { triageSummary: 'by its id' });
    dynamo.on(GetCommand).resolves({ Item: wanted });
    const answer = await list({ view: 'all', search: wanted.id.toUpperCase() });
    expect(summariesIn(answer)).toEqual(['by its id']);
    expect(answer.nextCursor).toBeNull();
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({
      pk: `CASE#${wanted.id}`,
      sk: 'CASE',
    });
    expect(paidListReads()).toHaveLength(0);
    // Waiting for care: in Available, but neither in My Active nor in Completed.
    expect((await list({ view: 'available', search: wanted.id })).cases).toHaveLength(1);
    expect((await list({ view: 'mine', search: wanted.id })).cases).toEqual([]);
    expect((await list({ view: 'completed', search: wanted.id })).cases).toEqual([]);
    expect((await list({ view: 'all', search: wanted.id, status: 'claimed' })).cases).toEqual([]);
    dynamo.on(GetCommand).resolves({});
    expect((await list({ view: 'all', search: wanted.id })).cases).toEqual([]);
  });

  it('searches My Active within the one Query of the active cases', async () => {
    const answer = await list({ view: 'mine', search: 'CALL' });
    expect(summariesIn(answer)).toEqual(['in call']);
    expect(queries().filter((input) => input.IndexName === 'gsi3')).toHaveLength(1);
    expect(answer.counts.myActive).toBe(2);
  });

  it('refuses a search longer than a card summary and an unknown status, with the reason', () => {
    const tooLong = caseListQuerySchema.safeParse({ search: 'x'.repeat(121) });
    expect(tooLong.error?.issues[0]?.message).toBe('Search must be at most 120 characters');
    const badStatus = caseListQuerySchema.safeParse({ status: 'expired' });
    expect(badStatus.error?.issues[0]?.message).toBe(
      'Status must be one of paid, claimed, in_call, completed',
    );
    expect(caseListQuerySchema.parse({ search: ' '.repeat(200) }).search).toBe('');
  });
});
