import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
import Stripe from 'stripe';
import { env } from './env';

/**
 * TEST ONLY: fault injection for issue 10's fault run. With `FAULT_RATE` set (the local stack's
 * `faultRate` option), that share of DynamoDB, S3, SES and Stripe calls fails the way those
 * dependencies fail: a timeout (with or without the request having taken effect), a dropped
 * connection, a 5xx or throttling. The rate is read on every call, so a test can turn faults off
 * to read its results back. It can never be on in the cloud: the clients wire this in only when
 * not running in Lambda (`env.inLambda`), `env.faultRate` is 0 inside Lambda whatever is set,
 * and the CDK stack never sets `FAULT_RATE` (infra/test/dependency-timeouts.test.ts checks it).
 */

export const faultKinds = [
  'timeout',
  'lost-answer',
  'network',
  'server-error',
  'throttled',
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** A fault for this call, or null: `FAULT_RATE` of the calls get one, of a random kind. */
export function drawFault(random: () => number = Math.random): FaultKind | null {
  const rate = env.faultRate;
  if (rate <= 0 || random() >= rate) return null;
  return faultKinds[Math.floor(random() * faultKinds.length)] ?? 'timeout';
}

/** A timed-out call waits a while first, as a real one does (shorter, to keep the run fast). */
const waitBeforeTimeout = () =>
  new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 800));

const injected = (name: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(`Injected fault: ${name}`), { name, ...fields });

/** The error the AWS SDK v3 throws for each kind of failure. */
function awsError(kind: Exclude<FaultKind, 'timeout' | 'lost-answer'>): Error {
  switch (kind) {
    case 'network':
      return injected('Error', { code: 'ECONNRESET', $metadata: {} });
    case 'server-error':
      return injected('InternalServerError', {
        $fault: 'server',
        $metadata: { httpStatusCode: 500 },
      });
    case 'throttled':
      return injected('ThrottlingException', {
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
        $retryable: { throttling: true },
      });
  }
}

const timeoutError = () => injected('TimeoutError', { $metadata: {} });

/**
 * An `initialize` middleware (outside the SDK's own retries, so a faulted call fails as the
 * caller sees it) that fails `FAULT_RATE` of the calls.
 */
export function awsFaultMiddleware(): InitializeMiddleware<object, MetadataBearer> {
  return (next) => async (args) => {
    const fault = drawFault();
    if (!fault) return next(args);
    if (fault === 'lost-answer') {
      // The request reached the service and took effect; only its answer is lost.
      await next(args).catch(() => undefined);
      throw timeoutError();
    }
    if (fault === 'timeout') {
      await waitBeforeTimeout();
      throw timeoutError();
    }
    throw awsError(fault);
  };
}

type HttpClient = Stripe.HttpClient;
type HttpClientResponse = Stripe.HttpClientResponse;

/** A Stripe answer with a status and a JSON error body, as Stripe sends on its own failures. */
function stripeErrorResponse(status: number, type: string): HttpClientResponse {
  const body = { error: { type, message: 'Injected fault' } };
  return {
    getStatusCode: () => status,
    getHeaders: () => ({}),
    getRawResponse: () => body,
    toStream: () => {
      throw new Error('An injected Stripe fault has no stream');
    },
    toJSON: () => Promise.resolve(body),
  };
}

/** Remembered faults of POSTs by idempotency key, so stripe-node's retry of one fails alike. */
const stickyFaults = new Map<string, FaultKind>();

/**
 * Wraps stripe-node's HTTP client: `FAULT_RATE` of the calls time out, lose their answer, drop
 * the connection, answer 500 or 429. A retry of a faulted POST (same idempotency key) gets the
 * same fault, so the call fails as its caller sees it.
 */
export function faultyStripeHttpClient(inner: HttpClient): HttpClient {
  return {
    getClientName: () => inner.getClientName(),
    async makeRequest(host, port, path, method, headers, requestData, protocol, timeout) {
      const send = () =>
        inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
      const key = headers['Idempotency-Key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      const fault = (idempotencyKey ? stickyFaults.get(idempotencyKey) : undefined) ?? drawFault();
      if (!fault) return send();
      if (idempotencyKey) {
        stickyFaults.set(idempotencyKey, fault);
        if (stickyFaults.size > 1000) stickyFaults.delete(stickyFaults.keys().next().value!);
      }
      switch (fault) {
        case 'lost-answer':
          await send()
            .then((response) => response.toJSON())
            .catch(() => undefined);
          throw Stripe.HttpClient.makeTimeoutError();
        case 'timeout':
          await waitBeforeTimeout();
          throw Stripe.HttpClient.makeTimeoutError();
        case 'network':
          throw injected('Error', { code: 'ECONNRESET' });
        case 'server-error':
          return stripeErrorResponse(500, 'api_error');
        case 'throttled':
          return stripeErrorResponse(429, 'rate_limit_error');
      }
    },
  };
}
