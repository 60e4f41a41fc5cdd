import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '../testing/env';
import {
  cancellationReasons,
  writeConditionalTransaction,
  writeUnlessConditionFails,
} from './transaction';

const cancelled = (codes: (string | undefined)[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('cancellationReasons', () => {
  it('answers one code per item, in item order, None where the item was fine', () => {
    expect(cancellationReasons(cancelled(['None', 'ConditionalCheckFailed', undefined]))).toEqual([
      'None',
      'ConditionalCheckFailed',
      'None',
    ]);
  });

  it('answers null for any other error, which the caller rethrows', () => {
    expect(cancellationReasons(new Error('network'))).toBeNull();
    expect(cancellationReasons('nope')).toBeNull();
  });
});

describe('the retry loop of conditional transactions', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const items = [
    { ConditionCheck: { TableName: 't', Key: { pk: 'a', sk: 'b' }, ConditionExpression: 'x' } },
  ];
  beforeEach(() => {
    dynamo.reset();
    stubEnv({ TABLE_NAME: 't' });
  });
  afterEach(restoreEnv);

  it('tries a conflict again and writes', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['TransactionConflict']))
      .resolves({});
    await expect(writeUnlessConditionFails(items)).resolves.toBe(true);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers a failed condition at once, conflicts beside it included', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled(['ConditionalCheckFailed', 'TransactionConflict']));
    await expect(writeUnlessConditionFails(items)).resolves.toBe(false);
    await expect(writeConditionalTransaction(items)).resolves.toEqual([
      'ConditionalCheckFailed',
      'TransactionConflict',
    ]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('gives up after six conflicts: codes for one caller, the error for the other', async () => {
    const conflict = cancelled(['TransactionConflict']);
    dynamo.on(TransactWriteCommand).rejects(conflict);
    await expect(writeConditionalTransaction(items)).resolves.toEqual(['TransactionConflict']);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(6);
    await expect(writeUnlessConditionFails(items)).rejects.toBe(conflict);
  });

  it("answers only the answering item's condition; another item's is an error", async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['ConditionalCheckFailed', 'None']))
      .rejectsOnce(cancelled(['None', 'ConditionalCheckFailed']));
    await expect(writeUnlessConditionFails(items, 0)).resolves.toBe(false);
    await expect(writeUnlessConditionFails(items, 0)).rejects.toThrow(
      'A condition failed outside item 0: None,ConditionalCheckFailed',
    );
  });
});
