import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as connect } from '#features/realtime/connect.handler';
import { restoreEnv, stubEnv } from '#testing/env';
import { call, httpEvent, testContext, webSocketConnectEvent } from '#testing/events';
import { ORIGIN_VERIFY_HEADER } from './client-address';
import { httpHandler } from './handler';
import { DIRECT_REQUEST_MESSAGE } from './middleware/origin-verify';
import { postThingRoute } from '#testing/test-route';

/**
 * Issue 11 item 2: with the origin-verify secret configured, the API answers only requests that
 * came through CloudFront (which adds `x-origin-verify`); a request to API Gateway's own
 * address is refused with 403 JSON before anything reads it.
 */
const SECRET = 'the-distribution-secret-0123456789';

const route = postThingRoute;
let handled = 0;
const createThing = httpHandler(route, {
  handle: () => {
    handled += 1;
    return Promise.resolve({ status: 201, body: { ok: true } });
  },
});
const json = { 'content-type': 'application/json' };
const post = (originVerify: string | null, body = '{}') =>
  call(createThing, httpEvent(route, { headers: json, body, originVerify }));

beforeEach(() => {
  handled = 0;
  stubEnv({ APP_ORIGIN: 'http://localhost:3000', LOG_LEVEL: 'error' });
});
afterEach(restoreEnv);

describe('HTTP handlers with the origin-verify secret configured', () => {
  beforeEach(() => stubEnv({ ORIGIN_VERIFY_SECRET: SECRET }));

  it('serve a request carrying the secret, as CloudFront sends it', async () => {
    expect((await post(SECRET)).status).toBe(201);
    expect(handled).toBe(1);
  });

  it('refuse a request without the header with 403 JSON, before the handler runs', async () => {
    const answer = await post(null);
    expect(answer).toMatchObject({ status: 403, body: { message: DIRECT_REQUEST_MESSAGE } });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(handled).toBe(0);
  });

  it('refuse a wrong value, an empty one, and the secret with anything around it', async () => {
    for (const wrong of ['guessed', '', `${SECRET}x`, SECRET.slice(1), ` ${SECRET}`]) {
      expect((await post(wrong)).status, JSON.stringify(wrong)).toBe(403);
    }
    expect(handled).toBe(0);
  });

  it('refuse before validation and the cross-origin rule: a direct caller learns nothing', async () => {
    const invalid = await call(
      createThing,
      httpEvent(route, {
        headers: { ...json, origin: 'https://evil.example' },
        body: '{not json',
        originVerify: null,
      }),
    );
    expect(invalid).toMatchObject({ status: 403, body: { message: DIRECT_REQUEST_MESSAGE } });
  });
});

describe('HTTP handlers during a rotation (current and previous value)', () => {
  const NEXT = 'the-rotated-distribution-secret-9876543210';
  beforeEach(() => stubEnv({ ORIGIN_VERIFY_SECRET: NEXT, ORIGIN_VERIFY_PREVIOUS_SECRET: SECRET }));

  it('serve either value, so CloudFront may send the old one until its deploy', async () => {
    expect((await post(SECRET)).status).toBe(201);
    expect((await post(NEXT)).status).toBe(201);
    expect(handled).toBe(2);
  });

  it('refuse any other value', async () => {
    expect((await post(`${NEXT}${SECRET}`)).status).toBe(403);
    expect((await post(null)).status).toBe(403);
    expect(handled).toBe(0);
  });
});

describe('HTTP handlers without a configured secret (a broken deploy)', () => {
  beforeEach(() => stubEnv({ ORIGIN_VERIFY_SECRET: '', ORIGIN_VERIFY_PREVIOUS_SECRET: '' }));

  it('refuse every request with 503, with or without a header: the check is never off', async () => {
    for (const value of [null, '', 'guessed', SECRET]) {
      const answer = await post(value);
      expect(answer.status, JSON.stringify(value)).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
    }
    expect(handled).toBe(0);
  });
});

async function connectStatus(headers: Record<string, string>): Promise<number> {
  const result = (await connect(webSocketConnectEvent(headers), testContext)) as {
    statusCode: number;
  };
  return result.statusCode;
}

describe('WebSocket $connect with the origin-verify secret configured', () => {
  beforeEach(() => stubEnv({ ORIGIN_VERIFY_SECRET: SECRET }));

  it('refuses an upgrade sent to API Gateway directly (no header, a wrong one) with 403', async () => {
    expect(await connectStatus({})).toBe(403);
    expect(await connectStatus({ [ORIGIN_VERIFY_HEADER]: 'guessed' })).toBe(403);
  });

  it('lets an upgrade through CloudFront reach the ticket check (401 without a ticket)', async () => {
    expect(await connectStatus({ [ORIGIN_VERIFY_HEADER]: SECRET })).toBe(401);
  });
});

describe('WebSocket $connect without a configured secret', () => {
  beforeEach(() => stubEnv({ ORIGIN_VERIFY_SECRET: '', ORIGIN_VERIFY_PREVIOUS_SECRET: '' }));

  it('refuses every upgrade with 503, never going on to the ticket check', async () => {
    expect(await connectStatus({})).toBe(503);
    expect(await connectStatus({ [ORIGIN_VERIFY_HEADER]: SECRET })).toBe(503);
  });
});
