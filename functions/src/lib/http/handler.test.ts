import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as z from 'zod';
import { defineRoute } from '@shared/http/contract';
import { itemRead } from '#db/item-reads';
import { BatchGetCommand, GetCommand, mockDocumentClient, UpdateCommand } from '#db/testing-sdk';
import type { HttpRoute } from '#routes';
import { restoreEnv, stubEnv } from '#testing/env';
import { call, httpEvent } from '#testing/events';
import type { Session } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { PASSWORD_CHANGE_REQUIRED } from '@shared/providers/api';
import { HttpError } from '#core/errors';
import { httpHandler, type SessionFor } from './handler';
import { postThingRoute, publicGetRoute } from '#testing/test-route';

const dynamo = mockDocumentClient();

const postRoute = postThingRoute;
const sameOrigin = { origin: 'http://localhost:3000', 'content-type': 'application/json' };

const createThing = httpHandler(postRoute, {
  params: z.object({ thingId: z.string().uuid({ error: 'Thing ID must be a valid UUID' }) }),
  body: z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') }),
  handle: ({ params, body }) =>
    Promise.resolve({ status: 201, body: { id: params.thingId, name: body.name } }),
});

const validId = '7f0c2a7e-2a53-4c1f-9a4e-3f2b1c0d9e8a';
const postEvent = (body: string, headers: Record<string, string> = sameOrigin) =>
  httpEvent(postRoute, { pathParameters: { thingId: validId }, headers, body });

beforeEach(() => {
  dynamo.reset();
  stubEnv({ TABLE_NAME: 'test-table', APP_ORIGIN: 'http://localhost:3000', LOG_LEVEL: 'error' });
});
afterEach(restoreEnv);

describe('httpHandler: validation and the error envelope', () => {
  it('passes validated input to the handler and answers JSON with security headers', async () => {
    const event = postEvent('{"name":"Ada"}');
    const answer = await call(createThing, event);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: validId, name: 'Ada' });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    // The request id API Gateway gave the call, so a client can quote it and logs find it.
    expect(answer.headers['x-request-id']).toBe(event.requestContext.requestId);
  });

  it('answers 400 with the message the schema words, and the issue paths', async () => {
    const answer = await call(createThing, postEvent('{}'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Name is required',
      issues: [{ path: 'name', message: 'Name is required' }],
    });
  });

  it('validates path parameters', async () => {
    const event = httpEvent(postRoute, {
      pathParameters: { thingId: 'not-a-uuid' },
      headers: sameOrigin,
      body: '{"name":"Ada"}',
    });
    const answer = await call(createThing, event);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Thing ID must be a valid UUID');
  });

  it('refuses malformed JSON with 400', async () => {
    const answer = await call(createThing, postEvent('{"name":'));
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Request body is not valid JSON' },
    });
  });

  it('refuses a body over the route cap with 413', async () => {
    const answer = await call(createThing, postEvent(JSON.stringify({ name: 'x'.repeat(500) })));
    expect(answer).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('refuses a non-JSON media type with 415', async () => {
    const answer = await call(
      createThing,
      postEvent('name=Ada', { origin: 'http://localhost:3000', 'content-type': 'text/plain' }),
    );
    expect(answer.status).toBe(415);
  });

  // Issue 25 (review L3): an HTML form always names its type and may post no fields at all; a
  // session cookie is sent by the browser itself. Neither may reach a JSON route without the JSON
  // type. A script's bare `POST` (no type, no cookie) still may.
  it('refuses an empty body under a non-JSON type, or without a type when it carries the session cookie', async () => {
    const empty = (headers: Record<string, string>, cookies?: string[]) =>
      call(
        createThing,
        httpEvent(postRoute, { pathParameters: { thingId: validId }, headers, cookies }),
      );
    const origin = { origin: 'http://localhost:3000' };
    const formPost = await empty({
      ...origin,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(formPost).toMatchObject({
      status: 415,
      body: { message: 'Content-Type must be application/json' },
    });
    expect((await empty({ ...origin, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await empty(origin, ['th_session=anything'])).status).toBe(415);
    // Past the media type, the empty body reads as `{}` and the schema answers.
    expect((await empty(origin)).status).toBe(400);
    expect((await empty(sameOrigin, ['th_session=anything'])).status).toBe(400);
  });

  it('hides unexpected failures behind a generic 500', async () => {
    const failing = httpHandler(postRoute, {
      handle: () => Promise.reject(new Error('secret database detail')),
    });
    const answer = await call(failing, postEvent('{}'));
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('secret');
    expect(answer.body.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('answers 500, not 400, when a schema fails inside the handler (broken data)', async () => {
    const storedItemSchema = z.object({ status: z.enum(['paid']) });
    const broken = httpHandler(postRoute, {
      handle: () => Promise.resolve({ body: storedItemSchema.parse({ status: 'lost' }) }),
    });
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const answer = await call(broken, postEvent('{}'));
      expect(answer).toEqual(
        expect.objectContaining({
          status: 500,
          body: { message: 'Something went wrong on our side. Please try again.' },
        }),
      );
    } finally {
      spy.mockRestore();
    }
    const logged = lines.join('');
    expect(logged).toContain('"message":"request failed"');
    expect(logged).toContain('"error":"ZodError"');
    expect(logged).not.toContain('lost');
    expect(logged).not.toContain('Invalid option');
  });

  it('validates with the schemas of the route contract', async () => {
    const contract = defineRoute({
      method: 'GET',
      path: '/api/gadgets/{gadgetId}',
      params: z.object({ gadgetId: z.uuid({ error: 'Gadget ID must be a valid UUID' }) }),
      query: z.object({ size: z.coerce.number().int() }),
      response: z.object({ id: z.string(), size: z.number() }),
    });
    const route = publicGetRoute(contract);
    const getGadget = httpHandler(route, {
      handle: ({ params, query, session }) => {
        expectTypeOf(session).toEqualTypeOf<Session | null>();
        return Promise.resolve({ body: { id: params.gadgetId, size: query.size } });
      },
    });
    const ok = await call(
      getGadget,
      httpEvent(route, { pathParameters: { gadgetId: validId }, query: { size: '3' } }),
    );
    expect(ok).toMatchObject({ status: 200, body: { id: validId, size: 3 } });
    const refused = await call(
      getGadget,
      httpEvent(route, { pathParameters: { gadgetId: 'x' }, query: { size: '3' } }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: 'Gadget ID must be a valid UUID',
        issues: [{ path: 'gadgetId', message: 'Gadget ID must be a valid UUID' }],
      },
    });
  });

  it('types the session of provider and admin routes as present', () => {
    expectTypeOf<SessionFor<'admin'>>().toEqualTypeOf<Session>();
    expectTypeOf<SessionFor<'provider'>>().toEqualTypeOf<Session>();
    expectTypeOf<SessionFor<'public'>>().toEqualTypeOf<Session | null>();
  });

  it('keeps the status and message of an HttpError, with success/error fields on request', async () => {
    const refusing = httpHandler(postRoute, {
      successFlag: true,
      errorField: true,
      handle: () => Promise.reject(new HttpError(409, 'Already taken')),
    });
    const answer = await call(refusing, postEvent('{}'));
    expect(answer).toEqual(
      expect.objectContaining({
        status: 409,
        body: { message: 'Already taken', error: 'Already taken', success: false },
      }),
    );
  });
});

describe('httpHandler: same-origin rule for state changes', () => {
  it.each([
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }],
    ['a foreign Origin', { origin: 'https://evil.example', 'content-type': 'application/json' }],
    ['a malformed Origin', { origin: 'not a url', 'content-type': 'application/json' }],
  ])('refuses %s with 403', async (_label, headers) => {
    const answer = await call(createThing, postEvent('{"name":"Ada"}', headers));
    expect(answer).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
  });

  it('accepts a client that is no browser (neither Origin nor Sec-Fetch-Site)', async () => {
    const answer = await call(
      createThing,
      postEvent('{"name":"Ada"}', { 'content-type': 'application/json' }),
    );
    expect(answer.status).toBe(201);
  });

  it('accepts the host the request was sent to', async () => {
    const answer = await call(
      createThing,
      postEvent('{"name":"Ada"}', {
        origin: 'http://127.0.0.1:3000',
        host: '127.0.0.1:3000',
        'content-type': 'application/json',
      }),
    );
    expect(answer.status).toBe(201);
  });
});

describe('httpHandler: role check', () => {
  const adminRoute: HttpRoute = {
    ...postRoute,
    access: 'admin',
    method: 'GET',
    body: 'none',
    requireSameOrigin: false,
  };
  const adminOnly = httpHandler(adminRoute, {
    handle: ({ session }) => Promise.resolve({ body: { subject: session?.subjectId } }),
  });
  const now = Date.now();

  function storeSession(
    token: string,
    role: 'admin' | 'provider',
    lastSeenAt = now,
    adminActive = true,
  ) {
    const username = role === 'admin' ? { username: 'root' } : {};
    dynamo.on(GetCommand, { Key: { pk: `SESSION#${hashToken(token)}`, sk: 'SESSION' } }).resolves({
      Item: { role, subjectId: `${role}-1`, createdAt: now - 1000, lastSeenAt, ...username },
    });
    dynamo.on(GetCommand, { Key: { pk: 'ADMIN#root', sk: 'ADMIN' } }).resolves({
      Item: {
        ...{ id: 'admin-1', username: 'root', passwordHash: 'x', email: 'root@example.org' },
        ...{ role: 'admin', createdAt: '2026-01-01T00:00:00.000Z', lastLogin: null },
        isActive: adminActive,
      },
    });
    dynamo.on(UpdateCommand).resolves({});
  }

  it('answers 401 without a token', async () => {
    const answer = await call(adminOnly, httpEvent(adminRoute));
    expect(answer).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
  });

  it('answers 401 for an unknown token', async () => {
    dynamo.on(GetCommand).resolves({});
    const answer = await call(
      adminOnly,
      httpEvent(adminRoute, { headers: { authorization: 'Bearer nope' } }),
    );
    expect(answer.status).toBe(401);
  });

  it('answers 401 for a session idle for more than 30 minutes', async () => {
    storeSession('idle-token', 'admin', now - 31 * 60 * 1000);
    const answer = await call(
      adminOnly,
      httpEvent(adminRoute, { headers: { authorization: 'Bearer idle-token' } }),
    );
    expect(answer.status).toBe(401);
  });

  it('answers 403 for another role', async () => {
    storeSession('provider-token', 'provider');
    const answer = await call(
      adminOnly,
      httpEvent(adminRoute, { cookies: ['th_session=provider-token'] }),
    );
    expect(answer.status).toBe(403);
  });

  it('lets the right role through, by bearer token or by cookie', async () => {
    storeSession('admin-token', 'admin');
    const byBearer = await call(
      adminOnly,
      httpEvent(adminRoute, { headers: { authorization: 'Bearer admin-token' } }),
    );
    const byCookie = await call(
      adminOnly,
      httpEvent(adminRoute, { cookies: ['other=1', 'th_session=admin-token'] }),
    );
    expect(byBearer).toMatchObject({ status: 200, body: { subject: 'admin-1' } });
    expect(byCookie).toMatchObject({ status: 200, body: { subject: 'admin-1' } });
  });

  // Issue 25 (review L3): over TLS the one cookie read is `__Host-th_session`, which no sibling
  // subdomain can set; a bare `th_session` (a tossed cookie) counts as no session at all.
  it('reads only the __Host- session cookie when served over TLS', async () => {
    stubEnv({ APP_ORIGIN: 'https://app.example.org' });
    storeSession('admin-token', 'admin');
    const byHostCookie = await call(
      adminOnly,
      httpEvent(adminRoute, { cookies: ['__Host-th_session=admin-token'] }),
    );
    const byBareCookie = await call(
      adminOnly,
      httpEvent(adminRoute, { cookies: ['th_session=admin-token'] }),
    );
    expect(byHostCookie).toMatchObject({ status: 200, body: { subject: 'admin-1' } });
    expect(byBareCookie.status).toBe(401);
  });

  it('answers 401 when the admin account is no longer active (issue 10)', async () => {
    storeSession('deactivated-token', 'admin', now, false);
    const answer = await call(
      adminOnly,
      httpEvent(adminRoute, { headers: { authorization: 'Bearer deactivated-token' } }),
    );
    expect(answer).toMatchObject({
      status: 401,
      body: { message: 'Your session has expired. Please sign in again.' },
    });
  });
});

describe('httpHandler: provider sessions (issue 8)', () => {
  const providerRoute: HttpRoute = {
    ...postRoute,
    access: 'provider',
    method: 'GET',
    body: 'none',
    requireSameOrigin: false,
  };
  const passwordRoute: HttpRoute = { ...providerRoute, beforePasswordChange: true };
  const handle = ({ session }: { session: Session | null }) =>
    Promise.resolve({ body: { subject: session?.subjectId } });
  const casesLike = httpHandler(providerRoute, { handle });
  const passwordLike = httpHandler(passwordRoute, { handle });
  const now = Date.now();

  function storeProvider(
    token: string,
    mustChangePassword: boolean,
    isActive: boolean,
    versions: { session?: number; provider?: number } = {},
  ) {
    dynamo.on(GetCommand, { Key: { pk: `SESSION#${hashToken(token)}`, sk: 'SESSION' } }).resolves({
      Item: {
        role: 'provider',
        subjectId: 'provider-1',
        createdAt: now - 1000,
        lastSeenAt: now,
        mustChangePassword,
        ...(versions.session === undefined ? {} : { credentialsVersion: versions.session }),
      },
    });
    const provider = providerItem(isActive);
    dynamo.on(GetCommand, { Key: providerKey }).resolves({
      Item:
        versions.provider === undefined
          ? provider
          : { ...provider, credentialsVersion: versions.provider },
    });
  }
  const providerKey = { pk: 'PROVIDER#provider-1', sk: 'PROVIDER' };
  function providerItem(isActive: boolean) {
    const at = new Date(now).toISOString();
    return {
      ...providerKey,
      ...{ id: 'provider-1', applicationId: 'A', name: 'Dr. A', email: 'a@example.org' },
      ...{ phoneNumber: '1', licenseNumber: 'L', licenseState: 'NY', credentials: 'MD' },
      ...{ specialization: 'GP', yearsExperience: 3, hospitalAffiliation: '' },
      ...{ boardCertifications: [], availability: 'available', status: 'active' },
      ...{ verificationStatus: 'approved', isApproved: true, isActive, signupDate: at },
      ...{ approvedAt: at, approvedBy: 'admin', lastActive: null, createdAt: at },
    };
  }
  const withCookie = (route: HttpRoute, token: string) =>
    httpEvent(route, { cookies: [`th_session=${token}`] });

  it('answers 403 with the reason until the temporary password is changed', async () => {
    storeProvider('temporary', true, true);
    expect(await call(casesLike, withCookie(providerRoute, 'temporary'))).toMatchObject({
      status: 403,
      body: { message: PASSWORD_CHANGE_REQUIRED },
    });
    expect(await call(passwordLike, withCookie(passwordRoute, 'temporary'))).toMatchObject({
      status: 200,
      body: { subject: 'provider-1' },
    });
  });

  // Issue 25 (review L4): a sign-in that checked the old password while it was being changed.
  it('answers 401 to a session signed in before the password changed', async () => {
    storeProvider('before-change', false, true, { session: 2, provider: 3 });
    expect(await call(casesLike, withCookie(providerRoute, 'before-change'))).toMatchObject({
      status: 401,
      body: { message: 'Your session has expired. Please sign in again.' },
    });
    storeProvider('current', false, true, { session: 3, provider: 3 });
    expect((await call(casesLike, withCookie(providerRoute, 'current'))).status).toBe(200);
    // Stored before issue 25: no version on either side reads as 0, so still signed in.
    storeProvider('older', false, true);
    expect((await call(casesLike, withCookie(providerRoute, 'older'))).status).toBe(200);
    storeProvider('older-changed', false, true, { provider: 1 });
    expect((await call(casesLike, withCookie(providerRoute, 'older-changed'))).status).toBe(401);
  });

  it('answers 401 once the account is deactivated, whatever the session', async () => {
    storeProvider('deactivated', false, false);
    expect((await call(casesLike, withCookie(providerRoute, 'deactivated'))).status).toBe(401);
    storeProvider('active', false, true);
    expect((await call(casesLike, withCookie(providerRoute, 'active'))).status).toBe(200);
  });

  describe('items read alongside the account (the case list counters)', () => {
    const counterKey = { pk: 'COUNTER#PROVIDER#provider-1', sk: 'COMPLETED' };
    const handled = vi.fn();
    const withCounter = httpHandler(providerRoute, {
      alongsideAccount: (session) =>
        itemRead({ pk: `COUNTER#PROVIDER#${session.subjectId}`, sk: 'COMPLETED' }, (item) =>
          Number(item?.count ?? 0),
        ),
      handle: ({ alongsideAccount }) => {
        handled(alongsideAccount);
        return Promise.resolve({ body: { completed: alongsideAccount } });
      },
    });
    function storeAccountAndCounter(isActive: boolean) {
      dynamo.on(BatchGetCommand).resolves({
        Responses: { 'test-table': [{ ...counterKey, count: 4 }, providerItem(isActive)] },
      });
    }

    beforeEach(() => handled.mockReset());

    it('reads them in the one BatchGetItem of the account re-check, for the handler', async () => {
      storeProvider('with-counter', false, true);
      storeAccountAndCounter(true);
      const answer = await call(withCounter, withCookie(providerRoute, 'with-counter'));
      expect(answer).toMatchObject({ status: 200, body: { completed: 4 } });
      const batches = dynamo.commandCalls(BatchGetCommand);
      expect(batches).toHaveLength(1);
      expect(batches[0]!.args[0].input.RequestItems?.['test-table']?.Keys).toEqual([
        providerKey,
        counterKey,
      ]);
      // The session is the only item read on its own.
      expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    });

    it('never reads them for an unknown session, never hands them over for an inactive account', async () => {
      dynamo.on(GetCommand).resolves({});
      const unknown = await call(withCounter, withCookie(providerRoute, 'unknown-token'));
      expect(unknown.status).toBe(401);
      expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);

      storeProvider('deactivated-counter', false, false);
      storeAccountAndCounter(false);
      const inactive = await call(withCounter, withCookie(providerRoute, 'deactivated-counter'));
      expect(inactive.status).toBe(401);
      expect(inactive.body).not.toHaveProperty('completed');
      expect(handled).not.toHaveBeenCalled();
    });
  });
});

describe('httpHandler: logs', () => {
  it('log an unexpected failure by name and stack frames, never its message', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const failing = httpHandler(postRoute, {
        handle: () => Promise.reject(new TypeError('patient Jane Doe has chest pain')),
      });
      await call(failing, postEvent('{"name":"Jane Doe"}'));
    } finally {
      spy.mockRestore();
    }
    const logged = lines.join('');
    expect(logged).toContain('"error":"TypeError"');
    expect(logged).toContain('"status":500');
    expect(logged).toContain('handler.test.ts');
    expect(logged).not.toContain('Jane');
    expect(logged).not.toContain('chest pain');
  });
});
