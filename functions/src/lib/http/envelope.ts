import type { ErrorEnvelope } from '@shared/http/error-envelope';
import {
  DEPENDENCY_FAILURE_MESSAGE,
  DEPENDENCY_RETRY_AFTER_SECONDS,
  dependencyFailure,
  type DependencyFailure,
} from '#core/dependency-failure';
import { HttpError } from '#core/errors';

export interface EnvelopeOptions {
  /** Routes whose success answer reads `success: true` answer errors with `success: false`. */
  successFlag?: boolean;
  /** Routes whose clients read `error` (spec doc 1 §7, create-checkout-session). */
  errorField?: boolean;
}

export interface ErrorAnswer {
  status: number;
  body: ErrorEnvelope & Record<string, unknown>;
  headers: Record<string, string>;
  /** True when the error was ours to explain; false for unexpected failures (logged as errors). */
  expected: boolean;
  /** Set when a dependency failed or timed out (503): logged as such, not as our error. */
  dependency: DependencyFailure | null;
}

/**
 * Translates whatever a handler threw into the one error envelope (DESIGN.md §3, medplum style):
 * HttpError keeps its status and message; a failed or timed-out dependency (DynamoDB, S3, SES,
 * Stripe…) is a 503 with `Retry-After`; anything else is a 500 that reveals nothing. A
 * ZodError is no exception: the validation step refuses bad input as an HttpError, so a schema
 * failing anywhere else (a stored item, a view) is a broken invariant, not the client's fault.
 */
export function toErrorAnswer(error: unknown, options: EnvelopeOptions = {}): ErrorAnswer {
  let status = 500;
  let message = 'Something went wrong on our side. Please try again.';
  let details: Record<string, unknown> = {};
  let headers: Record<string, string> = {};
  let expected = false;
  const dependency = error instanceof HttpError ? null : dependencyFailure(error);

  if (error instanceof HttpError) {
    ({ status, message, details, headers } = error);
    expected = true;
  } else if (dependency) {
    status = 503;
    message = DEPENDENCY_FAILURE_MESSAGE;
    headers = { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) };
  }

  const body: ErrorAnswer['body'] = { ...details, message };
  if (options.successFlag) body.success = false;
  if (options.errorField) body.error = message;
  return { status, body, headers, expected, dependency };
}
