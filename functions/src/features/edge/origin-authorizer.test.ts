import { afterEach, describe, expect, it } from 'vitest';
import { connectAuthorizerEvent, httpAuthorizerEvent } from '#local/gateway/authorizer';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { restoreEnv, stubEnv } from '#testing/env';
import { handler } from './origin-authorizer.handler';

/**
 * The authorizer API Gateway runs before every HTTP route (simple response) and the WebSocket
 * `$connect` (IAM policy), docs/adr/0011-origin-authorizer.md, with the secrets as a function holds
 * them: the current value and, during a rotation, the previous one.
 */
const CURRENT = 'the-current-origin-value-0123456789';
const PREVIOUS = 'the-previous-origin-value-9876543210';

const headers = (value: string) => ({ [ORIGIN_VERIFY_HEADER]: value, host: 'api.example' });
const httpAllows = async (value: string) => {
  const event = httpAuthorizerEvent('GET /api/config', '/api/config', headers(value), '192.0.2.1');
  const result = await handler(event);
  if (!('isAuthorized' in result)) throw new Error('an HTTP route needs a simple answer');
  return result.isAuthorized;
};
const connectEffect = async (value: string) => {
  const result = await handler(connectAuthorizerEvent(headers(value), '192.0.2.1'));
  if (!('policyDocument' in result)) throw new Error('a $connect needs a policy');
  const [statement] = result.policyDocument.Statement;
  return statement && 'Resource' in statement
    ? { effect: statement.Effect, resource: statement.Resource }
    : undefined;
};

afterEach(restoreEnv);

describe('the origin authorizer of the HTTP API', () => {
  it('authorizes the current value and refuses any other', async () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: CURRENT, ORIGIN_VERIFY_PREVIOUS_SECRET: '' });
    expect(await httpAllows(CURRENT)).toBe(true);
    expect(await httpAllows(PREVIOUS)).toBe(false);
    expect(await httpAllows(`${CURRENT} `)).toBe(false);
    expect(await httpAllows('')).toBe(false);
  });

  it('authorizes the previous value too during a rotation', async () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: CURRENT, ORIGIN_VERIFY_PREVIOUS_SECRET: PREVIOUS });
    expect(await httpAllows(CURRENT)).toBe(true);
    expect(await httpAllows(PREVIOUS)).toBe(true);
    expect(await httpAllows('neither')).toBe(false);
  });

  it('refuses everything when the function holds no value', async () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: '', ORIGIN_VERIFY_PREVIOUS_SECRET: '' });
    expect(await httpAllows('')).toBe(false);
    expect(await httpAllows(CURRENT)).toBe(false);
  });
});

describe('the origin authorizer of the WebSocket $connect', () => {
  const methodArn = connectAuthorizerEvent({}, '192.0.2.1').methodArn;

  it('allows invoking this $connect with an accepted value, and denies it otherwise', async () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: CURRENT, ORIGIN_VERIFY_PREVIOUS_SECRET: PREVIOUS });
    expect(await connectEffect(CURRENT)).toEqual({ effect: 'Allow', resource: methodArn });
    expect(await connectEffect(PREVIOUS)).toEqual({ effect: 'Allow', resource: methodArn });
    expect(await connectEffect('guessed')).toEqual({ effect: 'Deny', resource: methodArn });
  });

  it('denies everything when the function holds no value', async () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: '', ORIGIN_VERIFY_PREVIOUS_SECRET: '' });
    expect((await connectEffect(CURRENT))?.effect).toBe('Deny');
  });
});
