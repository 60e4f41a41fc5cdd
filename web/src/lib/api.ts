/**
 * The one fetch helper of the app (spec doc 1 §7, doc 2 §7): every call sends cookies, a body is
 * JSON with a JSON content type, and a non-OK answer becomes an Error whose message is
 * `{status}: {body text}` (or the status text when the body is empty).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK answer. `message` keeps the spec's `{status}: {text}` format. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Throws an {@link ApiError} for a non-OK response; reads (consumes) the body only then. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text);
}

/**
 * Sends a request and returns the (OK) response. State-changing calls always carry the JSON
 * content type, even without a body: the API requires it (DESIGN.md §6).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  init: Pick<RequestInit, 'signal'> = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (data !== undefined || method !== 'GET') headers['Content-Type'] = 'application/json';

  const res = await fetch(url, {
    ...init,
    method,
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}
