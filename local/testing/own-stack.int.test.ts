import { expect, inject, it } from 'vitest';
import { envNames } from '#core/env';
import { tableExists } from '../dynamodb';
import { startOwnStack } from './own-stack';
import { newPaidCaseId } from './patient-journey';

/**
 * A test file's own stack in a suite with a shared stack keeps its data in a table of its own
 * in the shared stack's DynamoDB Local, and starts no Java process (local/testing/own-stack.ts).
 */
it('keeps its data in a table of its own in the shared DynamoDB Local, deleted at its stop', async () => {
  const shared = inject('stack').handlerEnvironment;
  const { stack, stop } = await startOwnStack('own-store');
  const endpoint = stack.dynamodbEndpoint;
  const tableName = stack.handlerEnvironment[envNames.tableName]!;
  try {
    expect(endpoint).toBe(shared.AWS_ENDPOINT_URL_DYNAMODB);
    expect(stack.handlerEnvironment.AWS_ENDPOINT_URL_DYNAMODB).toBe(endpoint);
    expect(tableName).not.toBe(shared[envNames.tableName]);
    expect(stack.services.handle('dynamodb')).toBeNull();
    expect(await tableExists(endpoint, tableName)).toBe(true);
    // The stack works on it: a patient's case is made and paid.
    expect(await newPaidCaseId(stack)).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    await stop();
  }
  expect(await tableExists(endpoint, tableName)).toBe(false);
  expect(await tableExists(endpoint, shared[envNames.tableName]!)).toBe(true);
});
