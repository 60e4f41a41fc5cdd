import * as z from 'zod';

/**
 * How a failing run of a function of `scheduledTargets` (routes.ts) is retried before it is kept
 * in the failed-runs dead-letter queue: the stack's `EventInvokeConfig`
 * (infra/lib/scheduler.ts) and the local stack's asynchronous invocation
 * (local/gateway/async-invoke.ts) read the same numbers.
 */
export const scheduledRunRetries = {
  /** Runs after the first that failed (Lambda's default, made explicit; at most 2). */
  retryAttempts: 2,
  /**
   * How long Lambda keeps trying an event (its default is 6 h): a meeting end or a claim
   * release an hour late is an incident, so the run goes to the queue and the alarm fires.
   */
  maxEventAgeSeconds: 60 * 60,
} as const;

/** The queue that keeps a stage's failed scheduled runs (infra/lib/scheduler.ts creates it). */
export function failedRunsQueueName(stage: string): string {
  return `telehealth-${stage}-target-dlq`;
}

/**
 * What Lambda sends to an on-failure destination (the message body in SQS): the run's input
 * under `requestPayload`, the function under `requestContext.functionArn` (with its version
 * qualifier), how often it ran, and the error it ended with. AWS Lambda Developer Guide,
 * "Capturing records of Lambda asynchronous invocations"; the local stack writes the same.
 */
export const failedRunRecordSchema = z.object({
  version: z.string(),
  timestamp: z.string(),
  requestContext: z.object({
    requestId: z.string(),
    functionArn: z.string(),
    /** `RetriesExhausted` or `EventAgeExceeded`. */
    condition: z.string(),
    approximateInvokeCount: z.number(),
  }),
  requestPayload: z.unknown(),
  responseContext: z
    .object({ statusCode: z.number().optional(), functionError: z.string().optional() })
    .optional(),
  responsePayload: z.unknown().optional(),
});
export type FailedRunRecord = z.infer<typeof failedRunRecordSchema>;

/** `arn:…:function:name:$LATEST` → `name`; a bare name stays as it is. */
export function functionNameOf(functionArn: string): string {
  const afterFunction = functionArn.split(':function:')[1];
  return afterFunction === undefined ? functionArn : afterFunction.split(':')[0]!;
}
