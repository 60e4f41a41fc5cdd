import type { ItemKey } from './keys';
import { batchGet, getItem, type StoredItem } from './table';

/**
 * Reads of items by key that can share one request: each entity module says which keys it needs
 * and how it reads its answer from what was found (parsing with its own schema), so a caller can
 * put reads of several entities into one BatchGetItem without touching their items (the provider
 * case list reads the account and its counters together, docs/access-patterns.md pattern 29).
 */
export interface ItemsRead<Answer> {
  keys: ItemKey[];
  /**
   * Only these attributes of the item (a projection): a read of the parts of an item the handler
   * may read (`fieldReads` of functions/src/handler-permissions.ts). Such a read is sent alone.
   */
  attributes?: readonly string[];
  /** The answer from the items found, in any order; a key not found is simply absent. */
  answer(found: StoredItem[]): Answer;
}

/** The item of `key` among those found. */
export function itemAt(found: StoredItem[], key: ItemKey): StoredItem | undefined {
  return found.find((item) => item.pk === key.pk && item.sk === key.sk);
}

/** One item, read by its entity module's `parse` (undefined when absent). */
export function itemRead<Answer>(
  key: ItemKey,
  parse: (item: StoredItem | undefined) => Answer,
): ItemsRead<Answer> {
  return { keys: [key], answer: (found) => parse(itemAt(found, key)) };
}

/** An answer that needs no item (e.g. an account that cannot be looked up reads as inactive). */
export function noRead<Answer>(answer: Answer): ItemsRead<Answer> {
  return { keys: [], answer: () => answer };
}

/** Two reads as one; a key both need is read once. */
export function bothReads<First, Second>(
  first: ItemsRead<First>,
  second: ItemsRead<Second>,
): ItemsRead<[First, Second]> {
  // A projection would apply to the other read's items too, and the role may read only it.
  if (first.attributes || second.attributes) {
    throw new Error('A read of some attributes only cannot share its request');
  }
  const keys = [...first.keys];
  for (const key of second.keys) {
    if (!keys.some((known) => known.pk === key.pk && known.sk === key.sk)) keys.push(key);
  }
  return { keys, answer: (found) => [first.answer(found), second.answer(found)] };
}

/** The same read, its answer reshaped. */
export function mapRead<Answer, Shaped>(
  read: ItemsRead<Answer>,
  shape: (answer: Answer) => Shaped,
): ItemsRead<Shaped> {
  return { ...read, answer: (found) => shape(read.answer(found)) };
}

/**
 * Access pattern: the items of a read in as few requests as DynamoDB allows: none without keys,
 * a GetItem for one key (so a handler that reads one item needs no BatchGetItem), otherwise
 * BatchGetItem (one request up to 100 keys; `batchGet` re-sends unprocessed keys).
 */
export async function readItems<Answer>(read: ItemsRead<Answer>): Promise<Answer> {
  const [onlyKey, ...otherKeys] = read.keys;
  if (!onlyKey) return read.answer([]);
  if (read.attributes && otherKeys.length > 0) {
    throw new Error('A read of some attributes only reads one item');
  }
  if (otherKeys.length === 0) {
    const item = await getItem(onlyKey, read.attributes ? { attributes: read.attributes } : {});
    // The item of the one key asked for, whatever attributes it came back with.
    return read.answer(item ? [{ ...item, ...onlyKey }] : []);
  }
  return read.answer(await batchGet(read.keys));
}
