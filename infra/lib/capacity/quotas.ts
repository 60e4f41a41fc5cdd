/**
 * AWS quotas the capacity model checks the design load against, besides API Gateway's account
 * throttle and Lambda's concurrency (`accountQuotas` in capacity.ts) and Kinesis Video's
 * (`kvsQuotas`). docs/capacity.md "Every limit at the design load" cites the page of each and
 * says which could be confirmed from the documentation this work could read.
 */

/**
 * API Gateway WebSocket APIs (apigateway-execution-service-websocket-limits-table, confirmed):
 * no quota on concurrent connections (bounded only by the rate of new ones times the 2-hour
 * duration), 500 new connections per second per account and region (adjustable).
 */
export const webSocketQuotas = {
  newConnectionsPerSecond: 500,
  /** A connection is closed after this long, whatever it does (not adjustable). */
  connectionSeconds: 2 * 60 * 60,
  /** …and after this long without a frame either way (not adjustable). */
  idleSeconds: 10 * 60,
  /** Largest frame; a larger one closes the connection with 1009 (not adjustable). */
  frameBytes: 32 * 1024,
  /** Largest message (frames together; not adjustable). */
  messageBytes: 128 * 1024,
} as const;

/**
 * EventBridge Scheduler (scheduler-quotas). The page this work read gives 1,000
 * `CreateSchedule` and `DeleteSchedule` per second in the larger regions (one version 5,000) and
 * 250 in the others, and an invocation throttle of 1,000 per second in the larger regions: the
 * model takes the smaller figures. All adjustable.
 */
export const schedulerQuotas = {
  createSchedulePerSecond: 250,
  deleteSchedulePerSecond: 250,
  invocationsPerSecond: 1_000,
} as const;

/**
 * Amazon SES (ses/latest/dg/quotas.html, confirmed): in the sandbox 1 email a second and 200 a
 * day, to verified addresses only; out of it, "varies based on your use case" (no fixed
 * default any more). The model checks against the sandbox.
 */
export const sesQuotas = {
  sandboxEmailsPerSecond: 1,
  sandboxEmailsPerDay: 200,
} as const;
