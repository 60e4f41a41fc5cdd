import { ApiError } from '@web/lib/api';

/** The fields of an API error body the client reads (spec doc 1 §7: `message`, `error`). */
export interface ErrorBody {
  message?: string;
  error?: string;
  /** The raw body text when it is not a JSON object. */
  text?: string;
}

/**
 * Reads the body of an {@link ApiError} (`{status}: {body text}`). Anything else, or an empty
 * body, gives `{}`.
 */
export function errorBodyOf(error: unknown): ErrorBody {
  if (!(error instanceof ApiError)) return {};
  const text = error.message.slice(`${error.status}: `.length).trim();
  if (!text) return {};
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { message, error: errorField } = body as Record<string, unknown>;
      return {
        ...(typeof message === 'string' && message ? { message } : {}),
        ...(typeof errorField === 'string' && errorField ? { error: errorField } : {}),
      };
    }
  } catch {
    // Not JSON: a gateway page or a plain-text answer.
  }
  return { text };
}

/** The server's `message` for an API error; otherwise undefined. */
export function serverMessageOf(error: unknown): string | undefined {
  return errorBodyOf(error).message;
}
