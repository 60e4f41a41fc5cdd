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

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
  }
}

/** Throws an {@link ApiError} for a non-OK response; reads (consumes) the body only then. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text);
}
