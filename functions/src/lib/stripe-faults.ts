import Stripe from 'stripe';
import { drawFault, injected, waitBeforeTimeout, type FaultKind } from '../core/faults';

/**
 * TEST ONLY: the Stripe half of the fault injection (core/faults.ts says when it is on and why it
 * never is in the cloud). Its own module, so handlers that never call Stripe do not bundle it.
 */

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

/**
 * Faults of POSTs in progress, by idempotency key, with the number of stripe-node retries still
 * to fail alike. The product's own keys live a minute (one checkout per case and minute), so a
 * fault must not outlive the one call: the client's next try is a new call.
 */
const stickyFaults = new Map<string, { fault: FaultKind; retries: number }>();

/**
 * Wraps stripe-node's HTTP client: `FAULT_RATE` of the calls time out, lose their answer, drop
 * the connection, answer 500 or 429. stripe-node's own retries of a faulted POST (same
 * idempotency key; `retriesPerCall` is its `maxNetworkRetries`) fail alike, so the call fails as
 * its caller sees it; a 429 is not retried by stripe-node. GETs carry no key: each attempt
 * draws its own fault. `draw` picks each call's fault (a test passes its own, to meet every kind).
 */
export function faultyStripeHttpClient(
  inner: HttpClient,
  retriesPerCall: number,
  draw: () => FaultKind | null = drawFault,
): HttpClient {
  return {
    getClientName: () => inner.getClientName(),
    async makeRequest(host, port, path, method, headers, requestData, protocol, timeout) {
      const send = () =>
        inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
      const key = headers['Idempotency-Key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      const sticky = idempotencyKey ? stickyFaults.get(idempotencyKey) : undefined;
      if (sticky && idempotencyKey) {
        sticky.retries -= 1;
        if (sticky.retries <= 0) stickyFaults.delete(idempotencyKey);
      }
      const fault = sticky?.fault ?? draw();
      if (!fault) return send();
      if (!sticky && idempotencyKey && fault !== 'throttled' && retriesPerCall > 0) {
        stickyFaults.set(idempotencyKey, { fault, retries: retriesPerCall });
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
