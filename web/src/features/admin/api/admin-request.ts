import type * as z from 'zod';
import { throwIfResNotOk, type HttpMethod } from '@web/lib/api';
import { clearAdminSession, getAdminToken } from './session';

/**
 * Every admin call: cookies, `Authorization: Bearer {adminToken}`, JSON. A 401 means the session
 * is gone: the stored token and id are cleared (which shows the login form). A 401 answering a
 * token that has since been replaced (signed in again meanwhile) clears nothing.
 */
export async function adminRequest(
  method: HttpMethod,
  url: string,
  { body, signal }: { body?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  const token = getAdminToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined || method !== 'GET') headers['Content-Type'] = 'application/json';

  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (res.status === 401 && getAdminToken() === token) clearAdminSession();
  return res;
}

/** GET an admin resource and parse it with its shared schema; non-OK answers throw ApiError. */
export async function adminGet<T>(
  url: string,
  schema: z.ZodType<T>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  const res = await adminRequest('GET', url, { signal });
  await throwIfResNotOk(res);
  return schema.parse(await res.json());
}
