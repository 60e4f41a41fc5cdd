import {
  pathOf,
  type BodyInputOf,
  type PathParamNames,
  type PathParamValues,
  type QueryOf,
  type ResponseOf,
  type RouteContract,
} from '@shared/http/contract';
import type { ErrorEnvelope } from '@shared/http/error-envelope';
import { ApiError, throwIfResNotOk } from './api-error';

export { ApiError, throwIfResNotOk } from './api-error';

/**
 * The one request helper of the app (spec doc 1 §7, doc 2 §7): a call names its route contract
 * (`@shared/<domain>/contracts`), which gives the path and the answer's schema. Every call sends
 * cookies, a body is JSON with a JSON content type, and a non-OK answer becomes an
 * {@link ApiError} whose message is `{status}: {body text}` (or the status text when the body is
 * empty). Multipart bodies go through {@link sendForm}; the presigned S3 POST is not an API call
 * (lib/uploads/post-to-storage.ts).
 */

/**
 * A bearer token for the call (the admin panel, spec doc 2 §3). `onUnauthorized` runs when the
 * answer is 401, before the call throws: the caller forgets the session the token belonged to.
 */
export interface BearerAuth {
  token: string | null;
  onUnauthorized?: () => void;
}

/** The path values a contract needs: required when its path has `{name}` parts. */
type ParamsOption<C extends RouteContract> = [PathParamNames<C['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParamValues<C['path']> };

export type CallOptions<C extends RouteContract> = ParamsOption<C> & {
  query?: QueryOf<C>;
  body?: BodyInputOf<C>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  auth?: BearerAuth;
};

/** Options may be left out only for a contract without path parameters. */
type CallArgs<C extends RouteContract> = [PathParamNames<C['path']>] extends [never]
  ? [options?: CallOptions<C>]
  : [options: CallOptions<C>];

/**
 * The URL of a call: the contract's path with its parameters, then the query values that are
 * set. Values are percent-encoded (a space is `%20`, never `+`).
 */
export function urlOf<C extends RouteContract>(
  contract: C,
  { params, query }: { params?: PathParamValues<C['path']>; query?: QueryOf<C> } = {},
): string {
  // `params` is already checked against the path by the caller's type; a generic path defeats it.
  const path = pathOf(contract, (params ?? {}) as never);
  const pairs = Object.entries((query ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  if (pairs.length === 0) return path;
  const search = pairs
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${path}?${search}`;
}

function authHeaders(auth: BearerAuth | undefined): Record<string, string> {
  return auth?.token ? { Authorization: `Bearer ${auth.token}` } : {};
}

/**
 * Sends a call and returns the (OK) response, for callers that read the answer their own way.
 * State-changing calls always carry the JSON content type, even without a body: the API
 * requires it (DESIGN.md §6).
 */
export async function send<C extends RouteContract>(
  contract: C,
  ...[options]: CallArgs<C>
): Promise<Response> {
  const { body, signal, auth } = options ?? {};
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeaders(auth),
    ...options?.headers,
  };
  if (body !== undefined || contract.method !== 'GET') headers['Content-Type'] = 'application/json';

  const res = await fetch(urlOf(contract, options ?? {}), {
    // GET is fetch's default: the init names only the other methods.
    ...(contract.method === 'GET' ? {} : { method: contract.method }),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
  if (res.status === 401) auth?.onUnauthorized?.();
  await throwIfResNotOk(res);
  return res;
}

function parseAnswer<C extends RouteContract>(contract: C, answer: unknown): ResponseOf<C> {
  return (contract.response ? contract.response.parse(answer) : answer) as ResponseOf<C>;
}

/** Reads an OK answer as the contract's response schema says. */
export async function readAnswer<C extends RouteContract>(
  contract: C,
  res: Response,
): Promise<ResponseOf<C>> {
  return parseAnswer(contract, await res.json());
}

/** Sends a call and parses its answer with the contract's response schema. */
export async function request<C extends RouteContract>(
  contract: C,
  ...args: CallArgs<C>
): Promise<ResponseOf<C>> {
  // Not through readAnswer: polling pages race a call against a refetch, and each extra async
  // hop changes which one lands first.
  const res = await send(contract, ...args);
  return parseAnswer(contract, await res.json());
}

type FormOptions<C extends RouteContract> = {
  params?: PathParamValues<C['path']>;
  signal?: AbortSignal;
};

/**
 * Sends a multipart form to a contract's path and returns the (OK) response. There is no
 * Content-Type header: the browser sets multipart/form-data with its boundary.
 */
export async function sendForm<C extends RouteContract>(
  contract: C,
  form: FormData,
  { params, signal }: FormOptions<C> = {},
): Promise<Response> {
  const res = await fetch(urlOf(contract, { params }), {
    method: contract.method,
    body: form,
    headers: { Accept: 'application/json' },
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** Sends a multipart form and parses the answer with the contract's response schema. */
export async function requestForm<C extends RouteContract>(
  contract: C,
  form: FormData,
  options: FormOptions<C> = {},
): Promise<ResponseOf<C>> {
  return readAnswer(contract, await sendForm(contract, form, options));
}

/*
 * Reading the JSON error envelope of a failed call. It lives here, not beside ApiError
 * (lib/api-error.ts), because that module is in the entry chunk of every page; and not in a
 * module of its own, which would become one more small chunk on every page that calls the API.
 */

/** The fields of an error answer the app reads; each one only when the answer carried it. */
export type ApiErrorEnvelope = Partial<ErrorEnvelope>;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function isIssue(value: unknown): value is { path: string; message: string } {
  if (!value || typeof value !== 'object') return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/**
 * The error envelope fields of a JSON body (any JSON object), read by hand rather than with
 * `errorEnvelopeSchema`: zod must stay off the landing page's first load (docs/web.md).
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

/**
 * The JSON error envelope of a failed call: undefined for any other error, and for an answer
 * whose body is not a JSON object (a gateway page or a plain-text answer).
 */
export function envelopeOf(error: unknown): ApiErrorEnvelope | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    return errorEnvelopeOf(JSON.parse(error.text));
  } catch {
    return undefined;
  }
}

/** The server's `message` for a failed API call; otherwise undefined. */
export function serverMessageOf(error: unknown): string | undefined {
  return envelopeOf(error)?.message;
}
