import { DEPENDENCY_RETRY_AFTER_SECONDS } from './dependency-failure';

/**
 * The one error type handlers throw for a client mistake or a refused request. The HTTP
 * framework turns it into the JSON error envelope; anything else becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra envelope fields, e.g. `issues` for validation errors. Never patient data. */
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/**
 * A service we depend on failed (Scheduler, Kinesis Video): try again later (503), with the same
 * `Retry-After` as the dependency failures the framework recognises (core/dependency-failure.ts).
 */
export const serviceUnavailable = (message: string) =>
  new HttpError(503, message, {}, { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'Too many requests. Please wait a minute and try again.',
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );

/**
 * A broken invariant of stored data (an item that fails its record schema): our fault, never
 * the client's, so the framework answers a generic 500 and logs `entity` and `key`. The message
 * and fields carry ids and field names only, never the stored values.
 */
export class InvariantError extends Error {
  constructor(
    /** The entity tag of the item, e.g. `Case`. */
    readonly entity: string,
    /** The item's key with personal values (emails, usernames) fingerprinted. */
    readonly key: string,
    /** The record fields that failed, e.g. `status`, `rawPayload.amountTotal`. */
    readonly fields: readonly string[] = [],
  ) {
    super(`Stored ${entity} ${key} breaks its schema`);
    this.name = 'InvariantError';
  }
}
