import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubEnv } from '../testing/env';
import { HttpError } from './errors';
import { consumeRateLimit, enforceRateLimit, setLimiterClock } from './rate-limit';

const dynamo = mockClient(DynamoDBDocumentClient);
const rule = { bucket: 'login', subject: '203.0.113.7', limit: 10, windowSeconds: 60 };

beforeEach(() => {
  dynamo.reset();
  stubEnv({ TABLE_NAME: 'test-table' });
});

describe('rate limit', () => {
  it('counts atomically in a fixed window keyed by a hash of the subject', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 3 } });
    const now = Date.UTC(2026, 10, 21, 10, 0, 30);
    const result = await consumeRateLimit(rule, now);
    expect(result).toEqual({ allowed: true, count: 3, retryAfterSeconds: 30 });
    const input = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key?.pk).toMatch(/^RATE#login#/);
    expect(input.Key?.pk).not.toContain('203.0.113.7');
    expect(input.Key?.sk).toBe(`WINDOW#${Date.UTC(2026, 10, 21, 10, 0, 0)}`);
    expect(input.UpdateExpression).toContain('ADD #count :one');
  });

  it('allows the 10th call and refuses the 11th with 429 and Retry-After', async () => {
    dynamo
      .on(UpdateCommand)
      .resolvesOnce({ Attributes: { count: 10 } })
      .resolvesOnce({
        Attributes: { count: 11 },
      });
    await expect(enforceRateLimit(rule)).resolves.toBeUndefined();
    const refusal = await enforceRateLimit(rule).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(429);
    expect(Number((refusal as HttpError).headers['retry-after'])).toBeGreaterThan(0);
  });

  it('runs on the injectable clock when none is passed, and back on the real one after', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    setLimiterClock(() => Date.UTC(2031, 0, 1, 9, 0, 45));
    try {
      expect((await consumeRateLimit(rule)).retryAfterSeconds).toBe(15);
      const input = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
      expect(input.Key?.sk).toBe(`WINDOW#${Date.UTC(2031, 0, 1, 9, 0, 0)}`);
    } finally {
      setLimiterClock(undefined);
    }
    await consumeRateLimit(rule);
    const real = dynamo.commandCalls(UpdateCommand)[1]!.args[0].input;
    expect(real.Key?.sk).not.toBe(`WINDOW#${Date.UTC(2031, 0, 1, 9, 0, 0)}`);
  });
});
