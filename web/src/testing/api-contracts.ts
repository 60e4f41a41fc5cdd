import * as z from 'zod';
import type { RouteContract } from '@shared/http/contract';
import { errorEnvelopeSchema } from '@shared/http/error-envelope';

/**
 * The route contracts of `shared/` as the request mock (api-mock.ts) reads them: which contract a
 * request or a registered route belongs to, and whether a request body or an answer keeps to it.
 * Tests may load zod and every contract; the app loads only the ones it calls.
 */

function isContract(value: unknown): value is RouteContract {
  if (!value || typeof value !== 'object') return false;
  const { method, path } = value as Record<string, unknown>;
  return typeof method === 'string' && typeof path === 'string';
}

/**
 * Every HTTP route of the API: the contract of each route module of `shared/`
 * (`<domain>/contracts/<route>.ts`), found by the module's place, so a new route needs no entry
 * here.
 */
const routeModules = import.meta.glob<Record<string, unknown>>(
  '../../../shared/src/*/contracts/*.ts',
  { eager: true },
);
export const allContracts: readonly RouteContract[] = Object.values(routeModules).flatMap(
  (module) => Object.values(module).filter(isContract),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `{name}` matches one path segment, as in API Gateway. */
function templatePattern(path: string): RegExp {
  const pattern = path
    .split(/\{[^}]+\}/)
    .map(escapeRegExp)
    .join('[^/]+');
  return new RegExp(`^${pattern}$`);
}

/** Per path segment, 0 for a fixed one and 1 for a `{name}`. */
function segmentKinds(path: string): number[] {
  return path.split('/').map((segment) => (segment.startsWith('{') ? 1 : 0));
}

/** As API Gateway ranks routes: at the first segment where they differ, a fixed one wins. */
function moreSpecificFirst(a: number[], b: number[]): number {
  const index = a.findIndex((kind, i) => kind !== b[i]);
  return index === -1 ? 0 : a[index]! - b[index]!;
}

const patterns = allContracts.map((contract) => ({
  contract,
  pattern: templatePattern(contract.path),
  kinds: segmentKinds(contract.path),
}));

/** The contract of a request: its method and URL path (percent-encoded, as sent). */
export function contractOf(method: string, pathname: string): RouteContract | undefined {
  return patterns
    .filter((entry) => entry.contract.method === method && entry.pattern.test(pathname))
    .sort((a, b) => moreSpecificFirst(a.kinds, b.kinds))[0]?.contract;
}

/**
 * The contract of a registered route's target: a path template must be a contract's own path, a
 * concrete path must match one.
 */
export function contractOfTarget(method: string, pathname: string): RouteContract | undefined {
  if (!pathname.includes('{')) return contractOf(method, pathname);
  return allContracts.find((contract) => contract.method === method && contract.path === pathname);
}

function problemOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : z.prettifyError(result.error);
}

type Parsed = { ok: true; value: unknown } | { ok: false };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * What is wrong with a request body, if anything: a route with a body schema gets a JSON body
 * that passes it. A route without one (GET, multipart, raw) takes what the server does not check.
 */
export function requestBodyProblem(
  contract: RouteContract,
  body: BodyInit | null | undefined,
): string | undefined {
  if (!contract.body) return undefined;
  if (typeof body !== 'string') return 'the route takes a JSON body, and none was sent';
  const parsed = parseJson(body);
  if (!parsed.ok) return `the body is not JSON: ${body.slice(0, 80)}`;
  return problemOf(contract.body, parsed.value);
}

/**
 * What is wrong with an answer, if anything: a 2xx carries the contract's response (nothing for
 * a 204 route), any other status the error envelope every API error has. `text` is the body as
 * sent; null for an answer without one.
 */
export function answerProblem(
  contract: RouteContract,
  status: number,
  text: string | null,
): string | undefined {
  const ok = status >= 200 && status < 300;
  const schema = ok ? contract.response : errorEnvelopeSchema;
  if (!schema) return undefined;
  if (text === null || text === '') {
    return problemOf(schema, undefined) && `a ${status} answer needs a body`;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return `the ${status} answer is not JSON: ${text.slice(0, 80)}`;
  return problemOf(schema, parsed.value);
}
