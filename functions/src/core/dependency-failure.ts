/**
 * Telling a failed dependency (DynamoDB, S3, SES, Stripe, Scheduler, …) apart from our own bug
 * (issue 10 item 9). A dependency that times out, cannot be reached, throttles us or answers 5xx
 * is a passing condition: the client is told 503 with `Retry-After` and the log says which
 * dependency failed, instead of a 500 that pages someone for a bug. A refusal the dependency
 * means (a failed condition, a validation error, a card error) is not one: the code handles
 * those, and one it does not handle is still a 500.
 */

export type Dependency =
  | 'DynamoDB'
  | 'S3'
  | 'SES'
  | 'Stripe'
  | 'Scheduler'
  | 'API Gateway'
  | 'Secrets Manager'
  | 'Kinesis Video'
  | 'Lambda';

export type DependencyFailureReason = 'timeout' | 'network' | 'throttled' | 'server-error';

export interface DependencyFailure {
  /** Which dependency, when the client that failed tagged the error (`tagDependency`). */
  dependency: Dependency | 'unknown';
  reason: DependencyFailureReason;
  /** The error's name (or Stripe type): a class of failure, never its message. */
  error: string;
}

/** Seconds a client is asked to wait before trying again after a 503. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** What the client reads on a 503 (the spec has no wording for it). */
export const DEPENDENCY_FAILURE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

const dependencyTag = Symbol.for('telehealth.dependency');

/**
 * Marks an error with the dependency whose client threw it (the AWS clients' `initialize`
 * middleware and the Stripe wrapper do this), so the log can name it. The first tag wins.
 */
export function tagDependency(error: unknown, dependency: Dependency): void {
  if (typeof error !== 'object' || error === null || dependencyTag in error) return;
  Object.defineProperty(error, dependencyTag, { value: dependency, enumerable: false });
}

/** Timeouts as the AWS SDK (`TimeoutError`), fetch/AbortSignal and the services name them. */
const timeoutNames = new Set([
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Socket-level failures: the dependency could not be reached or dropped the connection. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Throttling error names of the AWS services we call (their 4xx that mean "slow down"). */
const throttlingNames = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'BandwidthLimitExceeded',
]);

/** Cancellation reasons of a DynamoDB transaction that mean "busy", not "refused". */
const transientCancellations = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'TransactionConflict',
]);

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  type?: unknown;
  statusCode?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  $retryable?: { throttling?: unknown };
  CancellationReasons?: { Code?: unknown }[];
  cause?: unknown;
}

function reasonOf(error: ErrorShape): DependencyFailureReason | null {
  const name = typeof error.name === 'string' ? error.name : '';
  const stripeType = typeof error.type === 'string' ? error.type : '';
  if (stripeType.startsWith('Stripe')) {
    const status = typeof error.statusCode === 'number' ? error.statusCode : undefined;
    if (stripeType === 'StripeConnectionError') return 'network';
    if (stripeType === 'StripeRateLimitError') return 'throttled';
    if (stripeType === 'StripeAPIError' && (status === undefined || status >= 500)) {
      return 'server-error';
    }
    return status !== undefined && status >= 500 ? 'server-error' : null;
  }
  if (timeoutNames.has(name)) return 'timeout';
  if (typeof error.code === 'string' && networkCodes.has(error.code)) return 'network';
  if (throttlingNames.has(name) || error.$retryable?.throttling === true) return 'throttled';
  if (name === 'TransactionCanceledException') {
    const codes = (error.CancellationReasons ?? [])
      .map((reason) => reason.Code)
      .filter((code) => code !== undefined && code !== 'None');
    const busy =
      codes.length > 0 &&
      codes.every((code) => typeof code === 'string' && transientCancellations.has(code));
    return busy ? 'throttled' : null;
  }
  const status = error.$metadata?.httpStatusCode;
  if (typeof status === 'number') {
    if (status >= 500) return 'server-error';
    if (status === 429) return 'throttled';
    return null;
  }
  if (error.$fault === 'server') return 'server-error';
  return null;
}

/**
 * The dependency failure an error stands for, or null when it is something else (a refusal the
 * code should have handled, or our bug). Wrapped errors are followed through `cause`.
 */
export function dependencyFailure(error: unknown): DependencyFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const shape = current as ErrorShape;
    const reason = reasonOf(shape);
    if (reason) {
      const tagged =
        (error as Record<symbol, unknown>)[dependencyTag] ??
        (current as Record<symbol, unknown>)[dependencyTag];
      const isStripe = typeof shape.type === 'string' && shape.type.startsWith('Stripe');
      return {
        dependency: (tagged as Dependency | undefined) ?? (isStripe ? 'Stripe' : 'unknown'),
        reason,
        error: isStripe
          ? (shape.type as string)
          : typeof shape.name === 'string'
            ? shape.name
            : 'Error',
      };
    }
    current = shape.cause;
  }
  return null;
}
