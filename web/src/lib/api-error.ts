import type { ErrorEnvelope } from '@shared/http/error-envelope';

/**
 * The error side of the request helper (lib/api.ts), apart from it because the default query
 * function (lib/queryClient.ts) is in the entry chunk of every page: it needs the error, not the
 * contract machinery.
 */

/** The fields of an error answer the app reads; each one only when the answer carried it. */
export type ApiErrorEnvelope = Partial<ErrorEnvelope>;

/** A non-OK answer. `message` keeps the spec's `{status}: {text}` format. */
export class ApiError extends Error {
  readonly status: number;
  /** The body text, or the status text when the body was empty. */
  readonly text: string;
  /** The JSON error envelope, when the body was a JSON object; undefined for any other body. */
  readonly envelope: ApiErrorEnvelope | undefined;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
    this.envelope = parsedEnvelopeOf(text);
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function isIssue(value: unknown): value is { path: string; message: string } {
  if (!value || typeof value !== 'object') return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

function parsedEnvelopeOf(text: string): ApiErrorEnvelope | undefined {
  try {
    return errorEnvelopeOf(JSON.parse(text));
  } catch {
    // A gateway page or a plain-text answer.
    return undefined;
  }
}

/**
 * The error envelope fields of a JSON body (any JSON object), read by hand rather than with
 * `errorEnvelopeSchema`: this module is on every page, and zod must stay off the landing page's
 * first load (docs/web.md).
 */
export function errorEnvelopeOf(body: unknown): ApiErrorEnvelope | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  const message = nonEmptyString(fields.message);
  const error = nonEmptyString(fields.error);
  const issues = Array.isArray(fields.issues) ? fields.issues.filter(isIssue) : undefined;
  return {
    ...(message ? { message } : {}),
    ...(error ? { error } : {}),
    ...(fields.success === false ? { success: false as const } : {}),
    ...(issues?.length ? { issues } : {}),
  };
}

/** The server's `message` for a failed API call; otherwise undefined. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.envelope?.message : undefined;
}

/** Throws an {@link ApiError} for a non-OK response; reads (consumes) the body only then. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text);
}
