import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
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
export const waitBeforeTimeout = () =>
  new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 800));

export const injected = (name: string, fields: Record<string, unknown>) =>
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
