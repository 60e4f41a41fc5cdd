import { describe, expect, it } from 'vitest';
import { DEFAULT_DYNAMODB_LOCAL_NICE, dynamodbNiceFromEnv } from './dynamodb';

describe('DYNAMODB_LOCAL_NICE', () => {
  it('defaults to running DynamoDB Local below the stack', () => {
    expect(DEFAULT_DYNAMODB_LOCAL_NICE).toBe(10);
    expect(dynamodbNiceFromEnv({})).toBe(DEFAULT_DYNAMODB_LOCAL_NICE);
    expect(dynamodbNiceFromEnv({ DYNAMODB_LOCAL_NICE: '' })).toBe(DEFAULT_DYNAMODB_LOCAL_NICE);
  });

  it('takes a nice value from 0 (as the stack) to 19', () => {
    expect(dynamodbNiceFromEnv({ DYNAMODB_LOCAL_NICE: '0' })).toBe(0);
    expect(dynamodbNiceFromEnv({ DYNAMODB_LOCAL_NICE: '19' })).toBe(19);
  });

  it.each(['-1', '20', '2.5', 'low'])('refuses %s with the setting named', (raw) => {
    expect(() => dynamodbNiceFromEnv({ DYNAMODB_LOCAL_NICE: raw })).toThrow(
      `DYNAMODB_LOCAL_NICE must be a whole number from 0 to 19, got "${raw}"`,
    );
  });
});
