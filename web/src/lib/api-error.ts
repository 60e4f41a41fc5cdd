/**
 * The error side of the request helper (lib/api.ts), apart from it because the default query
 * function (lib/queryClient.ts) is in the entry chunk of every page: it needs the error, not the
 * contract machinery nor the reading of error bodies (lib/api-envelope.ts).
 */

/** A non-OK answer. `message` keeps the spec's `{status}: {text}` format. */
export class ApiError extends Error {
  readonly status: number;
  /** The body text, or the status text when the body was empty. */
  readonly text: string;
  /**
   * How long the server asked the client to wait before asking again (`Retry-After` of a 503 or
   * 429, issue 12), in milliseconds; null when it did not say. Polls honour it (lib/poll-backoff.ts).
   */
  readonly retryAfterMs: number | null;

  constructor(status: number, text: string, retryAfterMs: number | null = null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
    this.retryAfterMs = retryAfterMs;
  }
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3), else null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its weekday and month; Date.parse would also take "-5" as a year.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Throws an {@link ApiError} for a non-OK response; reads (consumes) the body only then. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text, parseRetryAfter(res.headers.get('retry-after')));
}
