import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caseListQuerySchema } from '@shared/cases/provider-case';
import { paidCaseRecord } from '../../testing/cases';
import { restoreEnv, stubEnv } from '../../testing/env';
import { listProviderCases } from './case-list';

const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2026-11-25T12:00:00.000Z');

/** A stored paid case as the queue index holds it, paid `minutesAgo` before `now`. */
function queuedCase(index: number, minutesAgo: number) {
  const paidAt = new Date(now.getTime() - minutesAgo * 60_000).toISOString();
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
  leaseEndsAt: new Date(now.getTime() + 60_000).toISOString(),
});

beforeEach(() => {
  dynamo.reset();
  stubEnv({ TABLE_NAME: 'test-table', LOG_LEVEL: 'error' });
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.Select === 'COUNT') return { Count: 3 };
    if (input.IndexName === 'gsi2') return { Items: queue.slice(0, input.Limit) };
    return { Items: [] };
  });
  dynamo.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => ({
    Item: { ...input.Key, count: input.Key.sk === 'PAID' ? 42 : 7 },
  }));
});
afterEach(restoreEnv);

const queries = () => dynamo.calls().map((call) => call.args[0].input as QueryCommandInput);

describe('GET /api/cases reads (docs/access-patterns.md)', () => {
  it('sends one page query, three COUNT queries and two counter reads, never a Scan', async () => {
    const answer = await listProviderCases(
      'provider-1',
      caseListQuerySchema.parse({ view: 'mine' }),
      now,
    );
    const reads = dynamo.calls().map((call) => call.args[0]);
    const gets = reads.filter((command) => command instanceof GetCommand);
    expect(gets.map((command) => (command.input as { Key: unknown }).Key)).toEqual(
      expect.arrayContaining([
        { pk: 'COUNTER#CASES', sk: 'PAID' },
        { pk: 'COUNTER#PROVIDER#provider-1', sk: 'COMPLETED' },
      ]),
    );
    expect(reads.filter((command) => command instanceof QueryCommand)).toHaveLength(4);
    expect(reads).toHaveLength(6);
    const sent = queries().filter((input) => input.IndexName !== undefined);
    expect(sent.map((input) => input.IndexName).sort()).toEqual(['gsi2', 'gsi3', 'gsi3', 'gsi3']);
    const counts = sent.filter((input) => input.Select === 'COUNT');
    expect(counts).toHaveLength(3);
    expect(counts.find((input) => input.IndexName === 'gsi2')?.FilterExpression).toBe(
      'NOT (#status = :claimed AND leaseEndsAt > :now)',
    );
    const page = sent.find((input) => input.Select === undefined);
    expect(page).toMatchObject({
      IndexName: 'gsi3',
      Limit: 26,
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':pk': 'PROVIDER_CASES#provider-1', ':prefix': 'ACTIVE#' },
    });
    // The calls past their `endsAt` (3 here) count as completed before their end is stored.
    expect(counts.map((input) => input.FilterExpression)).toContain(
      '#status = :inCall AND endsAt <= :now',
    );
    expect(answer.counts).toEqual({ available: 3, myActive: 3, completed: 7 + 3, total: 42 });
  });

  it('leaves live claims out of an Available page, and the cursor moves past them', async () => {
    const first = await listProviderCases(
      'provider-1',
      caseListQuerySchema.parse({ view: 'available', limit: '3' }),
      now,
    );
    expect(first.cases.map((c) => c.triageSummary)).toEqual(['case 1', 'case 3']);
    const page = queries().find((input) => input.Select === undefined);
    expect(page).toMatchObject({ IndexName: 'gsi2', Limit: 4 });
    expect(page?.ExclusiveStartKey).toBeUndefined();

    dynamo.resetHistory();
    await listProviderCases(
      'provider-1',
      caseListQuerySchema.parse({ view: 'available', limit: '3', cursor: first.nextCursor }),
      now,
    );
    const next = queries().find((input) => input.Select === undefined);
    expect(next?.ExclusiveStartKey).toEqual({
      pk: `CASE#${queue[2]!.id}`,
      sk: 'CASE',
      gsi2pk: 'CASE_QUEUE',
      gsi2sk: queue[2]!.gsi2sk,
    });
  });
});
