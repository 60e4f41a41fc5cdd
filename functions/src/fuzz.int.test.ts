import fc from 'fast-check';
import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { signStripePayload } from '#local/stripe/signature';
import { adminToken, signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { httpRoutes, type HttpRoute, type HttpRouteId } from './routes';

/**
 * Fuzz (issue 10): property-based requests for every route of the manifest, built from its
 * contract in `shared/` and sent through the local gateway over real HTTP. Whatever arrives —
 * malformed JSON, wrong types, huge strings, unicode, missing fields, bad path parameters, odd
 * content types — the answer is below 500 and comes within the client timeout. Provider and
 * admin routes are called with a live session, so the fuzz reaches their validation too.
 */

const stack = useTestStack();

/** Runs per route and the fixed seed: a failure prints the seed, the path and the input. */
const RUNS = 30;
const SEED = 0x10f022;
/** Far above any answer of the local stack; a request still open then counts as a hang. */
const CLIENT_TIMEOUT_MS = 10_000;

// ── Values ────────────────────────────────────────────────────────────────────────────────

const hugeString = fc.constantFrom(
  'x'.repeat(70_000),
  '\u{1F600}'.repeat(20_000),
  'a'.repeat(2049),
  '%'.repeat(5000),
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '<script>',
    '${x}',
    '%00',
    '\uFEFF',
    'null',
  ),
  fc.uuid(),
  fc.emailAddress(),
);
/** Header values must be printable ASCII (fetch refuses anything else before sending). */
const headerText = fc.string({ maxLength: 80 });
/** Any JSON value, weighted toward the shapes validation has to refuse. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  hugeString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 5 }),
  fc.dictionary(text, text, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The property names a body schema declares (its JSON Schema), to aim values at real fields. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** An object with some of the schema's fields (each maybe missing) holding arbitrary values. */
function objectOf(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fields.length
    ? fc.record(Object.fromEntries(fields.map((field) => [field, anyValue])), {
        requiredKeys: [],
      })
    : fc.constant({});
  return fc
    .tuple(known, fc.dictionary(text, anyValue, { maxKeys: 2 }))
    .map(([own, extra]) => ({ ...extra, ...own }));
}

/** A JSON route's body: a near-valid object, any JSON, or bytes that are not JSON at all. */
function jsonBody(route: HttpRoute): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: objectOf(fieldsOf(route.contract.body)).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom('{', '{"a":', '[1,2', 'undefined', '{"__proto__":{"x":1}}', '\u0000'),
        fc.string({ unit: 'binary', maxLength: 200 }),
        hugeString,
      ),
    },
  );
}

/** A path parameter: an id, or anything a client could put in the URL. */
const pathParam = fc.oneof(
  fc.uuid(),
  text.filter((value) => value.length > 0),
  fc.constantFrom('..', '.', '%2F', '%', '%E0%A4%A', 'a'.repeat(3000), ' '),
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/json; charset=utf-16',
);

// ── Requests ──────────────────────────────────────────────────────────────────────────────

interface FuzzRequest {
  path: string;
  query: string;
  contentType: string | undefined;
  body: string | FormData | undefined;
  signature?: string;
}

/** `{name}` → the encoded value (a malformed escape stays raw, as an attacker can send it). */
function fillPath(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{[^}]+\}/g, () => {
    const value = values[index++] ?? '';
    return value.startsWith('%') ? value : encodeURIComponent(value);
  });
}

function requestsFor(route: HttpRoute): fc.Arbitrary<FuzzRequest> {
  const paramCount = (route.path.match(/\{/g) ?? []).length;
  const params = fc.array(pathParam, { minLength: paramCount, maxLength: paramCount });
  const queryFields = fieldsOf(route.contract.query);
  // Query values stay short: a URL over Node's 16 KB header limit is refused before any
  // handler (431) and the connection closed, which API Gateway also does at its own limit.
  const query = fc
    .record(Object.fromEntries(queryFields.map((field) => [field, text])), { requiredKeys: [] })
    .chain((known) =>
      fc.dictionary(text, text, { maxKeys: 2 }).map((extra) => ({ ...extra, ...known })),
    )
    .map((values) =>
      new URLSearchParams(
        Object.entries(values).flatMap(([key, value]) =>
          value === undefined ? [] : [[key, value]],
        ),
      ).toString(),
    );
  const body: fc.Arbitrary<Pick<FuzzRequest, 'contentType' | 'body' | 'signature'>> =
    route.body === 'json'
      ? fc
          .tuple(jsonBody(route), fc.option(contentTypes, { freq: 5 }))
          .map(([payload, type]) => ({ body: payload, contentType: type ?? 'application/json' }))
      : route.body === 'multipart'
        ? fc.oneof(
            fc
              .tuple(fc.dictionary(text, text, { maxKeys: 5 }), fc.uint8Array({ maxLength: 2000 }))
              .map(([fields, bytes]) => {
                const form = new FormData();
                for (const [name, value] of Object.entries(fields)) form.set(name, value);
                form.set('file', new Blob([new Uint8Array(bytes)]), 'file.bin');
                return { body: form, contentType: undefined };
              }),
            fc
              .tuple(fc.string({ unit: 'binary', maxLength: 500 }), contentTypes)
              .map(([payload, type]) => ({ body: payload, contentType: type })),
          )
        : route.body === 'raw'
          ? fc
              .tuple(jsonBody(route), fc.boolean(), fc.option(headerText))
              .map(([payload, signed, signature]) => ({
                body: payload,
                contentType: 'application/json',
                // Half validly signed: the fuzz reaches the event parsing behind the signature.
                signature: signed
                  ? signStripePayload(
                      payload,
                      stack.handlerEnvironment.STRIPE_WEBHOOK_SECRET!,
                      Math.floor(Date.now() / 1000),
                    )
                  : (signature ?? undefined),
              }))
          : fc.option(headerText, { freq: 4 }).map((payload) => ({
              // A GET with a body cannot be sent by fetch; a stray type header can.
              body: undefined,
              contentType: payload ?? undefined,
            }));
  return fc.tuple(params, query, body).map(([values, search, rest]) => ({
    path: fillPath(route.path, values),
    query: search,
    ...rest,
  }));
}

// ── Sending ───────────────────────────────────────────────────────────────────────────────

let provider: SignedInProvider;
/** Sessions are per route: signing out (provider or admin) must not end the others' session. */
const sessions = new Map<HttpRouteId, Promise<Record<string, string>>>();

function credentialsFor(id: HttpRouteId, route: HttpRoute): Promise<Record<string, string>> {
  let found = sessions.get(id);
  if (!found) {
    const ownSession = id === 'providerLogout' || id === 'providerChangePassword';
    found =
      route.access === 'admin'
        ? adminToken(stack).then((token) => ({ authorization: `Bearer ${token}` }))
        : route.access === 'provider'
          ? (ownSession ? signInProvider(stack) : Promise.resolve(provider)).then((signedIn) => ({
              cookie: signedIn.cookie,
            }))
          : Promise.resolve({});
    sessions.set(id, found);
  }
  return found;
}

async function send(id: HttpRouteId, route: HttpRoute, request: FuzzRequest): Promise<number> {
  const headers = new Headers(await credentialsFor(id, route));
  headers.set('origin', stack.appUrl);
  if (request.contentType) headers.set('content-type', request.contentType);
  if (request.signature) headers.set('stripe-signature', request.signature);
  const url = `${stack.appUrl}${request.path}${request.query ? `?${request.query}` : ''}`;
  const response = await fetch(url, {
    method: route.method,
    headers,
    body: request.body,
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  provider = await signInProvider(stack);
}, 60_000);

const routeIds = Object.keys(httpRoutes) as HttpRouteId[];

describe(`fuzz: ${RUNS} requests per route (seed ${SEED})`, () => {
  it.each(routeIds)('%s never answers 5xx and never hangs', { timeout: 120_000 }, async (id) => {
    const route = httpRoutes[id] as HttpRoute;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestsFor(route), async (request) => {
        const status = await send(id, route, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, `${route.method} ${request.path}`).toBeLessThan(500);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(
      RUNS,
    );
  });
});
