import type * as z from 'zod';

/**
 * One contract per HTTP route (issue 7): method, path, a path builder and the request and
 * response schemas. The route manifest (functions/src/routes.ts), the handler and the web
 * fetcher all read the same object, so a path is written once.
 *
 * Contracts are plain object literals built with `defineRoute`, one module per route
 * (`<domain>/contracts/<route>.ts`, re-exported by `<domain>/contracts.ts`), so a page bundle and
 * its chunks keep only the contracts it uses: Rolldown never splits a module between chunks.
 * esbuild honours `@__NO_SIDE_EFFECTS__` only within one file, so each call site also carries a
 * `@__PURE__` comment (contracts-tree-shaking.test.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `{name}` parameters of an API Gateway path, as a union of names. */
export type PathParamNames<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The values a path builder needs: one string per `{name}`, nothing for a fixed path. */
export type PathParamValues<Path extends string> = [PathParamNames<Path>] extends [never]
  ? Record<string, never>
  : Record<PathParamNames<Path>, string>;

export interface RouteContract<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  readonly method: Method;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  readonly path: Path;
  /** Path parameters as the server validates them (strings in, typed out). */
  readonly params?: Params;
  /** Query string as the server validates it. */
  readonly query?: Query;
  /** JSON request body as the server validates it (absent for GET, multipart and raw routes). */
  readonly body?: Body;
  /** What a 2xx answer carries (the 204 of a route without a body is `z.void()` or absent). */
  readonly response?: Response;
}

/** Declares a contract; the identity function keeps literal types (method, path). */
/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<
  const Method extends HttpMethod,
  const Path extends string,
  Params extends z.ZodType = z.ZodType<PathParamValues<Path>>,
  Query extends z.ZodType = z.ZodType<Record<string, string | undefined>>,
  Body extends z.ZodType = z.ZodType<unknown>,
  Response extends z.ZodType = z.ZodType<unknown>,
>(
  contract: RouteContract<Method, Path, Params, Query, Body, Response>,
): RouteContract<Method, Path, Params, Query, Body, Response> {
  return contract;
}

/** The typed values of a contract's parts, for handlers and fetchers. */
export type ParamsOf<C extends RouteContract> =
  NonNullable<C['params']> extends z.ZodType
    ? z.output<NonNullable<C['params']>>
    : PathParamValues<C['path']>;
export type QueryOf<C extends RouteContract> =
  NonNullable<C['query']> extends z.ZodType
    ? z.output<NonNullable<C['query']>>
    : Record<string, string | undefined>;
/** The body a client sends (before defaults and transforms). */
export type BodyInputOf<C extends RouteContract> =
  NonNullable<C['body']> extends z.ZodType ? z.input<NonNullable<C['body']>> : never;
/** The body a handler receives (after parsing). */
export type BodyOf<C extends RouteContract> =
  NonNullable<C['body']> extends z.ZodType ? z.output<NonNullable<C['body']>> : never;
export type ResponseOf<C extends RouteContract> =
  NonNullable<C['response']> extends z.ZodType ? z.output<NonNullable<C['response']>> : unknown;

/**
 * The URL path of a contract for these parameter values, each one URI-encoded:
 * `pathOf(getCaseStatus, { caseId })` is `/api/cases/<caseId>/status`.
 */
export function pathOf<Path extends string>(
  contract: { readonly path: Path },
  params: PathParamValues<Path>,
): string {
  return contract.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(value);
  });
}
