import { createHash } from 'node:crypto';
import type * as z from 'zod';
import { InvariantError } from '../core/errors';
import type { StoredItem } from './table';

/** How an entity's items are named in error logs. */
export interface EntityDescription {
  /** The entity tag stored on each item. */
  tag: string;
  /**
   * True when the key holds a person's value (email, username): the log then shows a short
   * fingerprint of it, enough to match a known value, never the value itself.
   */
  personalKey?: boolean;
}

const fingerprint = (value: string) =>
  `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 12)}`;

function loggableKey(item: StoredItem, entity: EntityDescription): string {
  const pk = typeof item.pk === 'string' ? item.pk : '?';
  const sk = typeof item.sk === 'string' ? item.sk : '?';
  if (!entity.personalKey) return `${pk} ${sk}`;
  const cut = pk.lastIndexOf('#') + 1;
  return `${pk.slice(0, cut)}${fingerprint(pk.slice(cut))} ${sk}`;
}

/**
 * Reads a stored item through its record schema. An item that fails it is a broken invariant
 * (DESIGN.md §4), not bad input: this throws an `InvariantError` naming the entity, the key and
 * the failing fields, and never a `ZodError`, which the framework would answer with 400.
 */
export function parseStored<Schema extends z.ZodType>(
  schema: Schema,
  entity: EntityDescription,
  item: StoredItem,
): z.output<Schema> {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => issue.path.map(String).join('.'));
  throw new InvariantError(entity.tag, loggableKey(item, entity), fields);
}
