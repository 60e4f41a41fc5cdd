import * as z from 'zod';

/**
 * Cursor pagination shared by every paged list (the provider dashboard, the admin lists): a
 * `limit` and an opaque `cursor` in the query, `nextCursor` in the answer (null on the last
 * page). Only the server reads a cursor; clients pass back what they were given.
 */
export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

/** A cursor as it may arrive: base64url, short. The server checks what it encodes. */
export const cursorSchema = z
  .string()
  .max(300, { error: INVALID_CURSOR_MESSAGE })
  .regex(/^[A-Za-z0-9_-]+$/, { error: INVALID_CURSOR_MESSAGE });

/** `limit` (a query string value, so coerced) between 1 and `max`, `size` when absent. */
export function pageLimitSchema(size: number, max: number) {
  return z.coerce.number().int().min(1).max(max).default(size);
}

/** `?cursor=&limit=` of a paged list. */
export function pageQuerySchema(size: number, max: number) {
  return z.object({ cursor: cursorSchema.optional(), limit: pageLimitSchema(size, max) });
}

/** One page of a list: the items in list order and where the next page starts. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** Pass back as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
}
