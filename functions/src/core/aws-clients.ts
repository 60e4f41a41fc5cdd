import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
import { tagDependency, type Dependency } from './dependency-failure';
import { env } from './env';
import { awsFaultMiddleware } from './faults';
import { permissionGuardMiddleware } from './permission-guard';

/**
 * Client limits of every AWS SDK client the handlers use (issue 10 item 9). A call that cannot
 * connect in 1 s or is not answered in 3 s is abandoned and tried once more; the worst case of
 * one call is 2 × (1 s + 3 s) plus the SDK's backoff, about 8.5 s, inside the functions' 15 s
 * timeout (infra/lib/handler-functions.ts), so a stalled dependency answers 503 instead of the
 * function being killed. docs/architecture.md lists the numbers.
 */
export const awsClientLimits: AwsClientLimits = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 3_000,
  maxAttempts: 2,
};

export interface AwsClientLimits {
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
  maxAttempts: number;
}

/**
 * DynamoDB answers in milliseconds, and every page poll waits on it (issue 12 item 3): a call
 * it has not answered in 2 s is one it is too busy for, and the poll should be told 503 with
 * `Retry-After` within about 5.5 s (2 × (0.5 s + 2 s) plus at most 0.5 s of the SDK's
 * throttling backoff) rather than hang. (2 s, not less: DynamoDB Local on a busy 2-core
 * machine does take over a second now and then.)
 */
export const dynamoDbClientLimits: AwsClientLimits = {
  connectionTimeoutMs: 500,
  requestTimeoutMs: 2_000,
  maxAttempts: 2,
};

/** The constructor settings every AWS client gets (plus its own, e.g. an endpoint). */
export function awsClientConfig(limits: AwsClientLimits = awsClientLimits) {
  return {
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Without it the SDK's HTTP handler (@smithy/node-http-handler 4.x) only logs a warning
      // when `requestTimeout` passes and keeps waiting (busy-dynamodb.test.ts saw a stalled
      // call last 10 s): the limit above would be a number in a table, not a limit.
      throwOnRequestTimeout: true,
    },
  };
}

/** The dependencies the fault run fails on purpose (issue 10: DynamoDB, S3, SES and Stripe). */
const faultedDependencies = new Set<Dependency>(['DynamoDB', 'S3', 'SES']);

type AnyInitializeMiddleware = InitializeMiddleware<object, MetadataBearer>;

interface ClientWithMiddleware {
  middlewareStack: {
    add(
      middleware: AnyInitializeMiddleware,
      options: { step: 'initialize'; name: string; priority: 'high' | 'low' },
    ): void;
    remove(name: string): boolean;
  };
}

/**
 * The SDK's own logging step. We never give a client a logger (our logs carry our own fields,
 * `logger.ts`), yet with the default no-op logger this step still builds a log-filtered copy of
 * every input and output, walking each returned item against the service's schema. Measured on
 * the status poll (docs/performance.md, "The status ratio"): about 2 % of the local gateway's
 * CPU per request, and as much in each Lambda invocation.
 */
export const SDK_LOGGER_STEP = 'loggerMiddleware';

/**
 * Names the dependency on every error its client throws (so a 503's log says which), drops the
 * SDK's logging step (above), and in the local stack only, adds the local IAM check (`permission-guard.ts`) and the test-only
 * fault injection (`functions/src/core/faults.ts`).
 */
export function watchDependency<Client>(client: Client, dependency: Dependency): Client {
  const stack = (client as unknown as ClientWithMiddleware).middlewareStack;
  const tag: AnyInitializeMiddleware = (next) => async (args) => {
    try {
      return await next(args);
    } catch (error) {
      tagDependency(error, dependency);
      throw error;
    }
  };
  stack.add(tag, { step: 'initialize', name: 'dependencyTag', priority: 'high' });
  stack.remove(SDK_LOGGER_STEP);
  if (!env.inLambda) {
    stack.add(permissionGuardMiddleware(dependency), {
      step: 'initialize',
      name: 'permissionGuard',
      priority: 'high',
    });
  }
  if (!env.inLambda && faultedDependencies.has(dependency)) {
    stack.add(awsFaultMiddleware(), {
      step: 'initialize',
      name: 'faultInjection',
      priority: 'low',
    });
  }
  return client;
}
