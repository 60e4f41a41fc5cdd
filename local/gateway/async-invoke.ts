import { randomUUID } from 'node:crypto';
import { scheduledRunRetries, type FailedRunRecord } from '../../functions/src/scheduled-runs';
import { localResources } from '../config';
import type { LocalFailedRunsQueue } from './failed-runs-queue';

/** Runs a function of the local stack once with `payload`; throws what the handler throws. */
export type RunFunction = (functionName: string, payload: unknown) => Promise<unknown>;

/** Lambda waits about a minute before the first retry and two before the second. */
export const lambdaRetryDelaysMs: readonly number[] = [60_000, 120_000];

export interface AsyncInvokeOptions {
  queue: LocalFailedRunsQueue;
  /** Waits before each retry (default `lambdaRetryDelaysMs`; tests shorten them). */
  retryDelaysMs?: readonly number[];
  log?: (message: string) => void;
}

/**
 * Lambda's asynchronous invocation as the stack's `EventInvokeConfig` sets it
 * (functions/src/scheduled-runs.ts): a run that throws runs again up to `retryAttempts` times,
 * then its record goes to the failed-runs queue in the format Lambda sends to an on-failure
 * destination. The local Scheduler invokes its targets through this, as Scheduler does.
 *
 * `invoke` settles only once the run succeeded or was kept, so a schedule fires again if the
 * stack stops mid-retry (at least once, like Lambda); Lambda's `maximumEventAge` cannot be
 * reached by two retries minutes apart and is not modelled.
 */
export class LocalAsyncInvoker {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly retryDelaysMs: readonly number[];
  private readonly log: (message: string) => void;

  constructor(
    private readonly run: RunFunction,
    private readonly options: AsyncInvokeOptions,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? lambdaRetryDelaysMs;
    this.log = options.log ?? (() => {});
  }

  async invoke(functionName: string, payload: unknown): Promise<'succeeded' | 'kept'> {
    const attempts = 1 + scheduledRunRetries.retryAttempts;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1) await this.wait(this.retryDelaysMs[attempt - 2] ?? 0);
      try {
        await this.run(functionName, payload);
        return 'succeeded';
      } catch (error) {
        lastError = error;
        this.log(`${functionName} failed (attempt ${attempt} of ${attempts})`);
      }
    }
    this.options.queue.send(
      JSON.stringify(failedRunRecord(functionName, payload, attempts, lastError)),
    );
    this.log(`${functionName}: the run is kept in the failed-runs queue (npm run dead-letters)`);
    return 'kept';
  }

  /** Drops the retries still waiting (the stack is stopping; their schedules fire again). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.timers.add(timer);
    });
  }
}

/** The record Lambda writes when a run failed every attempt (no stack trace: ids only). */
function failedRunRecord(
  functionName: string,
  payload: unknown,
  attempts: number,
  error: unknown,
): FailedRunRecord {
  return {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: `${localFunctionArn(functionName)}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: attempts,
    },
    requestPayload: payload,
    responseContext: { statusCode: 200, functionError: 'Unhandled' },
    responsePayload: {
      errorType: error instanceof Error ? error.name : 'Error',
      errorMessage: error instanceof Error ? error.message : String(error),
    },
  };
}

/** The ARN the local stack gives a function (the handlers' `*_TARGET_ARN` settings). */
export function localFunctionArn(functionName: string): string {
  return `arn:aws:lambda:${localResources.region}:000000000000:function:${functionName}`;
}
