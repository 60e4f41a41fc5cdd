import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireApiKey } from './auth';
import { invalidRequest, StripeApiError } from './errors';
import { FormError, parseForm, type FormObject } from './form';
import { BodyTooLargeError, readBody, sendJson } from './http';
import type { IdempotencyCache } from './idempotency';
import { newId } from './ids';
import { checkKnownKeys, expandList } from './params';
import type { RefundOutage } from './refund-outage';
import { parseCancel, parseCapture } from './intent-params';
import { parseCreateRefund, parseListRefunds } from './refund-params';
import type { LocalStripeService } from './service';
import { parseCreateSession } from './session-params';

export interface ApiContext {
  service: LocalStripeService;
  idempotency: IdempotencyCache;
  now: () => number;
  warnOnce: (key: string, message: string) => void;
  refundOutage: RefundOutage;
}

interface RouteInput {
  params: string[];
  form: FormObject;
  req: IncomingMessage;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (input: RouteInput, ctx: ApiContext) => unknown;
}

const EXPAND_ONLY = new Set(['expand']);

function expansions(form: FormObject, supported: readonly string[], ctx: ApiContext): Set<string> {
  const wanted = new Set<string>();
  for (const path of expandList(form)) {
    if (supported.includes(path)) wanted.add(path);
    else ctx.warnOnce(`expand:${path}`, `expand '${path}' is not supported locally; ignored.`);
  }
  return wanted;
}

/** The subset of Stripe's v1 API the product uses. */
const ROUTES: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    handle: ({ form, req }, ctx) => {
      const version = req.headers['stripe-version'];
      const input = parseCreateSession(form, {
        apiVersion: typeof version === 'string' ? version : null,
        nowSeconds: Math.floor(ctx.now() / 1000),
        warn: ctx.warnOnce,
      });
      return ctx.service.createSession(input);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle: async ({ params: [id = ''], form }, ctx) => {
      checkKnownKeys(form, EXPAND_ONLY, null);
      const expand = expansions(form, ['payment_intent'], ctx);
      const session = await ctx.service.retrieveSession(id);
      if (expand.has('payment_intent') && session.payment_intent) {
        return {
          ...session,
          payment_intent: await ctx.service.intents.retrieve(session.payment_intent),
        };
      }
      return session;
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle: ({ params: [id = ''], form }, ctx) => {
      checkKnownKeys(form, EXPAND_ONLY, null);
      return ctx.service.expireSession(id);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    handle: ({ params: [id = ''], form }, ctx) => {
      checkKnownKeys(form, new Set(['expand', 'client_secret']), null);
      return ctx.service.intents.retrieve(id);
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/capture$/,
    handle: ({ params: [id = ''], form }, ctx) =>
      ctx.service.intents.capture(id, parseCapture(form, ctx.warnOnce)),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    handle: ({ params: [id = ''], form }, ctx) => ctx.service.intents.cancel(id, parseCancel(form)),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/refunds$/,
    handle: ({ form }, ctx) => {
      ctx.refundOutage.check();
      return ctx.service.createRefund(parseCreateRefund(form));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/refunds$/,
    handle: ({ form }, ctx) => ctx.service.listRefunds(parseListRefunds(form)),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/refunds\/([^/]+)$/,
    handle: ({ params: [id = ''], form }, ctx) => {
      checkKnownKeys(form, EXPAND_ONLY, null);
      return ctx.service.retrieveRefund(id);
    },
  },
];

function matchRoute(method: string, path: string): { route: Route; params: string[] } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1).map(safeDecode) };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function decode(encoded: string): FormObject {
  try {
    return parseForm(encoded);
  } catch (error) {
    if (error instanceof FormError)
      throw invalidRequest(error.message, 'parameter_invalid', error.param);
    throw error;
  }
}

/** Answers one `/v1/…` request: authentication, routing, idempotency, Stripe-shaped errors. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: ApiContext,
): Promise<void> {
  const headers: Record<string, string> = { 'request-id': newId('req', 14) };
  const method = req.method ?? 'GET';
  try {
    const apiKey = requireApiKey(req.headers);
    const matched = matchRoute(method, url.pathname);
    if (!matched) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
    }
    const body = method === 'POST' ? await readBody(req) : '';
    const form = decode(method === 'POST' ? body : url.search.slice(1));

    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const scopedKey = typeof key === 'string' && key ? `${apiKey}\n${key}` : null;
    const fingerprint = `${method} ${url.pathname}\n${body}`;
    if (scopedKey) {
      const found = ctx.idempotency.lookup(scopedKey, fingerprint);
      if (found.kind === 'replay') {
        sendJson(res, found.response.status, found.response.body, {
          ...headers,
          'idempotent-replayed': 'true',
        });
        return;
      }
      if (found.kind === 'in_progress') {
        throw new StripeApiError(
          409,
          'invalid_request_error',
          `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${String(key)}. Please try again later.`,
          'idempotency_key_in_use',
        );
      }
      if (found.kind === 'mismatch') {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
        );
      }
    }

    if (scopedKey) ctx.idempotency.start(scopedKey);
    let result: unknown;
    try {
      result = await matched.route.handle({ params: matched.params, form, req }, ctx);
    } finally {
      if (scopedKey) ctx.idempotency.finish(scopedKey);
    }
    if (scopedKey) ctx.idempotency.remember(scopedKey, fingerprint, { status: 200, body: result });
    sendJson(res, 200, result, headers);
  } catch (error) {
    if (error instanceof StripeApiError) {
      sendJson(res, error.status, error.toBody(), headers);
    } else if (error instanceof BodyTooLargeError) {
      sendJson(res, 413, invalidRequest(error.message).toBody(), headers);
    } else {
      console.error(`[local-stripe] ${method} ${url.pathname} failed:`, error);
      const apiError = new StripeApiError(
        500,
        'api_error',
        'An unexpected error occurred in the local Stripe stand-in.',
      );
      sendJson(res, 500, apiError.toBody(), { ...headers, 'stripe-should-retry': 'false' });
    }
  }
}
