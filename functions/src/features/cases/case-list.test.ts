import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caseListQuerySchema } from '@shared/cases/provider-case';
import type { CaseRecord } from '../../db/cases';
import { paidCaseRecord } from '../../testing/cases';
import { restoreEnv, stubEnv } from '../../testing/env';
import { listProviderCases } from './case-list';

const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2026-11-25T12:00:00.000Z');
const at = (minutesFromNow: number) =>
  new Date(now.getTime() + minutesFromNow * 60_000).toISOString();
/** The counter items as the account re-check read them (list.handler.ts). */
const stored = { paid: 42, completed: 7 };

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

/** What the queue's `Select: COUNT` answers (the count is DynamoDB's, not checked here). */
const QUEUE_COUNT = 3;

beforeEach(() => {
  dynamo.reset();
  stubEnv({ TABLE_NAME: 'test-table', LOG_LEVEL: 'error' });
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.Select === 'COUNT') return { Count: QUEUE_COUNT };
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
  it('My Active: its page and counters from one Query of the active cases, one queue COUNT', async () => {
    const answer = await list({ view: 'mine' });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(queries()).toHaveLength(2);
    const [activeRead, queueCount] = queries();
    expect(activeRead).toMatchObject({
      IndexName: 'gsi3',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': 'PROVIDER_CASES#provider-1', ':prefix': 'ACTIVE#' },
    });
    // Read whole: the counters need every active case, not a page of them.
    expect(activeRead?.Limit).toBeUndefined();
    expect(activeRead?.Select).toBeUndefined();
    expect(queueCount).toMatchObject({
      IndexName: 'gsi2',
      Select: 'COUNT',
      FilterExpression: 'NOT (#status = :claimed AND leaseEndsAt > :now)',
    });
    expect(queueCount?.ExclusiveStartKey).toBeUndefined();
    expect(answer.cases.map((c) => c.triageSummary)).toEqual(['live claim', 'in call']);
    expect(answer.counts).toEqual({
      available: QUEUE_COUNT,
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

  it('Available: a first page that holds the whole queue counts it, without a COUNT', async () => {
    const answer = await list({ view: 'available' });
    expect(queries().filter((input) => input.Select === 'COUNT')).toHaveLength(0);
    expect(queries().find((input) => input.IndexName === 'gsi2')).toMatchObject({ Limit: 26 });
    expect(answer.cases.map((c) => c.triageSummary)).toEqual([
      'case 1',
      'case 3',
      'case 4',
      'case 5',
    ]);
    expect(answer.nextCursor).toBeNull();
    expect(answer.counts).toMatchObject({ available: 4, myActive: 2 });
  });

  it('Available: past a first page, counts only the rest of the queue after it', async () => {
    const first = await list({ view: 'available', limit: '3' });
    expect(first.cases.map((c) => c.triageSummary)).toEqual(['case 1', 'case 3']);
    const page = queries().find((input) => input.IndexName === 'gsi2' && !input.Select);
    expect(page).toMatchObject({ Limit: 4 });
    expect(page?.ExclusiveStartKey).toBeUndefined();
    const rest = queries().find((input) => input.Select === 'COUNT');
    expect(rest?.ExclusiveStartKey).toEqual({
      pk: `CASE#${queue[2]!.id}`,
      sk: 'CASE',
      gsi2pk: 'CASE_QUEUE',
      gsi2sk: queue[2]!.gsi2sk,
    });
    // Two shown (the live claim is not available) and the rest's count.
    expect(first.counts.available).toBe(2 + QUEUE_COUNT);

    dynamo.resetHistory();
    const next = await list({ view: 'available', limit: '3', cursor: first.nextCursor! });
    const nextPage = queries().find((input) => input.IndexName === 'gsi2' && !input.Select);
    expect(nextPage?.ExclusiveStartKey).toEqual(rest?.ExclusiveStartKey);
    // A later page counts the whole queue: the cases before the cursor count too.
    const whole = queries().filter((input) => input.Select === 'COUNT');
    expect(whole).toHaveLength(1);
    expect(whole[0]?.ExclusiveStartKey).toBeUndefined();
    expect(next.counts.available).toBe(QUEUE_COUNT);
  });

  it('Available: a page DynamoDB cut short at 1 MB is not the end of the queue', async () => {
    dynamo.on(QueryCommand, { IndexName: 'gsi2', Limit: 26 }).resolves({
      Items: queue.slice(0, 2),
      LastEvaluatedKey: { pk: queue[1]!.pk, sk: 'CASE', gsi2pk: 'CASE_QUEUE', gsi2sk: 'x' },
    });
    const answer = await list({ view: 'available' });
    expect(answer.nextCursor).not.toBeNull();
    const rest = queries().find((input) => input.Select === 'COUNT');
    expect(rest?.ExclusiveStartKey).toMatchObject({ gsi2sk: queue[1]!.gsi2sk });
    expect(answer.counts.available).toBe(1 + QUEUE_COUNT);
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
      expect(answer.counts).toEqual({ available: 3, myActive: 2, completed: 8, total: 42 });
    }
  });
});
