import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '../testing/env';
import { bothReads, itemRead, mapRead, noRead, readItems } from './item-reads';

const dynamo = mockClient(DynamoDBDocumentClient);
const first = { pk: 'COUNTER#A', sk: 'N' };
const second = { pk: 'COUNTER#B', sk: 'N' };
const countAt = (key: typeof first) => itemRead(key, (item) => Number(item?.count ?? 0));

beforeEach(() => {
  dynamo.reset();
  stubEnv({ TABLE_NAME: 'test-table', LOG_LEVEL: 'error' });
});
afterEach(restoreEnv);

describe('readItems', () => {
  it('sends nothing for a read without keys', async () => {
    expect(await readItems(noRead('inactive'))).toBe('inactive');
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('reads one key with a GetItem (no BatchGetItem permission needed)', async () => {
    dynamo.on(GetCommand).resolves({ Item: { count: 3 } });
    expect(await readItems(mapRead(countAt(first), (count) => count * 2))).toBe(6);
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual(first);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('reads several keys in one BatchGetItem, each answer from its own item, a key once', async () => {
    dynamo.on(BatchGetCommand).resolves({
      // In any order, and a missing key is simply absent.
      Responses: { 'test-table': [{ ...second, count: 5 }] },
    });
    const read = bothReads(bothReads(countAt(first), countAt(second)), countAt(second));
    expect(await readItems(read)).toEqual([[0, 5], 5]);
    const batches = dynamo.commandCalls(BatchGetCommand);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.args[0].input.RequestItems?.['test-table']?.Keys).toEqual([first, second]);
  });

  it('reads only the named attributes of a projected read, alone', async () => {
    dynamo.on(GetCommand).resolves({ Item: { isActive: true } });
    const status = {
      ...itemRead(first, (item) => item?.isActive === true),
      attributes: ['isActive', 'name'],
    };
    expect(await readItems(status)).toBe(true);
    const input = dynamo.commandCalls(GetCommand)[0]!.args[0].input;
    // Placeholders: some attribute names are reserved words of DynamoDB.
    expect(input.ProjectionExpression).toBe('#a0, #a1');
    expect(input.ExpressionAttributeNames).toEqual({ '#a0': 'isActive', '#a1': 'name' });
    // The role may read only these attributes: the read cannot share a request.
    expect(() => bothReads(status, countAt(second))).toThrow(/cannot share/);
    expect(() => bothReads(countAt(second), status)).toThrow(/cannot share/);
  });
});
