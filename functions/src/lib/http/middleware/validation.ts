import type { ZodType } from 'zod';
import { badRequest } from '#core/errors';
import { requestState } from '../request-state';
import type { HttpMiddleware } from '../types';

export interface RequestSchemas {
  params?: ZodType | undefined;
  query?: ZodType | undefined;
  body?: ZodType | undefined;
}

const INVALID_REQUEST = 'Invalid request';

/**
 * Parses one part of the request. A refusal is the client's mistake, so it is a 400 carrying
 * the first message the schema words and every issue's path; a schema that fails anywhere else
 * (a stored item, say) is a broken invariant and ends as a 500. Handlers that read a multipart
 * form parse its fields through this too.
 */
export function parseRequestPart<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw badRequest(issues[0]?.message ?? INVALID_REQUEST, {
    issues: issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  });
}

/**
 * Validates the body (JSON routes), then the path parameters, then the query, each with its
 * schema when there is one. Multipart and raw bodies pass through for the handler to read.
 */
export function validation(schemas: RequestSchemas): HttpMiddleware {
  const parse = (schema: ZodType | undefined, value: unknown) =>
    schema ? parseRequestPart(schema, value) : value;
  return {
    before: ({ event }) => {
      const state = requestState(event);
      const body =
        state.body.kind === 'json'
          ? parse(schemas.body, state.body.value)
          : state.body.kind === 'none'
            ? undefined
            : state.body;
      const params = parse(schemas.params, event.pathParameters ?? {});
      const query = parse(schemas.query, event.queryStringParameters ?? {});
      state.input = { params, query, body };
    },
  };
}
