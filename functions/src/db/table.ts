import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import type { ItemKey, ListName } from './keys';
import type { GsiName } from './table-definition';

/**
 * Single-item reads and writes and queries on the one table. Entity modules call these with
 * their own keys and expressions; the command objects and the table name stay here.
 */
export type StoredItem = Record<string, unknown>;

/** The expression parts of an update, shared by single updates and transaction items. */
export interface UpdateSpec {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** A new item must not overwrite one with the same key (ids are random; guards are unique). */
export const IF_NEW = 'attribute_not_exists(pk)';
/** An update or delete must not bring back an item that is gone. */
export const IF_EXISTS = 'attribute_exists(pk)';

/**
 * One item by key. With `attributes`, only those are read (a projection): the role of a handler
 * that may not read the whole item is granted just these (functions/src/handler-permissions.ts,
 * `fieldReads`).
 */
export async function getItem(
  key: ItemKey,
  options: { consistent?: boolean; attributes?: readonly string[] } = {},
): Promise<StoredItem | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: key,
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...(options.attributes ? projection(options.attributes) : {}),
    }),
  );
  return Item;
}

/** A projection of attribute names, each by a placeholder (some names are reserved words). */
function projection(attributes: readonly string[]) {
  return {
    ProjectionExpression: attributes.map((_, index) => `#a${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(
      attributes.map((name, index) => [`#a${index}`, name]),
    ),
  };
}

export async function putItem(item: StoredItem & ItemKey, condition?: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: item,
      ...(condition ? { ConditionExpression: condition } : {}),
    }),
  );
}

/** Applies an update; with `returnUpdated` it answers the attributes it changed. */
export async function updateItem(
  key: ItemKey,
  spec: UpdateSpec,
  options: { returnUpdated?: boolean } = {},
): Promise<StoredItem | undefined> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      ...spec,
      ...(options.returnUpdated ? { ReturnValues: 'UPDATED_NEW' } : {}),
    }),
  );
  return Attributes;
}

/**
 * An update that may be refused by its condition: true when applied, false when the condition
 * failed (transactions report theirs with `cancellationReasons`).
 */
export async function conditionalUpdate(key: ItemKey, spec: UpdateSpec): Promise<boolean> {
  try {
    await updateItem(key, spec);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * An update that may be refused by its condition, answering the whole item after it in the same
 * request; null when the condition failed.
 */
export async function conditionalUpdateReturning(
  key: ItemKey,
  spec: UpdateSpec,
): Promise<StoredItem | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({ TableName: tableName(), Key: key, ...spec, ReturnValues: 'ALL_NEW' }),
    );
    return Attributes ?? null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

export async function deleteItem(key: ItemKey): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}

/**
 * Deletes an item only if it meets the condition and answers what it held, in one request: the
 * caller that gets the item is the only one (single-use tokens). Undefined when the item is
 * absent or fails the condition.
 */
export async function takeItem(
  key: ItemKey,
  condition: { expression: string; values?: Record<string, unknown> },
): Promise<StoredItem | undefined> {
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: condition.expression,
        ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** What a query asks; the table name and paging are added here. */
export interface QuerySpec {
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
  IndexName?: string;
  ScanIndexForward?: boolean;
  ConsistentRead?: boolean;
  /** Applied after the key condition: read items still count (use only to count or trim). */
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  /** Only these attributes are returned (small reads of a few fields). */
  ProjectionExpression?: string;
}

/** Everything in one partition, optionally only sort keys with a prefix. */
export function partitionQuery(
  pk: string,
  options: { skPrefix?: string; consistent?: boolean } = {},
): QuerySpec {
  return {
    KeyConditionExpression: options.skPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: {
      ':pk': pk,
      ...(options.skPrefix ? { ':prefix': options.skPrefix } : {}),
    },
    ...(options.consistent ? { ConsistentRead: true } : {}),
  };
}

/** One `gsi1` list; newest first reads the index backwards. */
export function listQuery(list: ListName, options: { newestFirst?: boolean } = {}): QuerySpec {
  return {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': list },
    ...(options.newestFirst ? { ScanIndexForward: false } : {}),
  };
}

/** One partition of a secondary index (e.g. a provider's sessions on `gsi2`). */
export function indexQuery(index: GsiName, pk: string): QuerySpec {
  return {
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
  };
}

/** Every page of a query, one page at a time (callers may act before the next page is read). */
export async function* queryPages(spec: QuerySpec): AsyncGenerator<StoredItem[]> {
  let startKey: StoredItem | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: tableName(), ...spec, ExclusiveStartKey: startKey }),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

export async function queryAll(spec: QuerySpec): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  for await (const page of queryPages(spec)) items.push(...page);
  return items;
}

/**
 * The first `limit` items only (after `startKey`, the key of an item read before): one request,
 * for lists shown to a person.
 */
export async function queryFirst(
  spec: QuerySpec,
  limit: number,
  startKey?: StoredItem,
): Promise<StoredItem[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...spec,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return Items ?? [];
}

/**
 * One request of a query: up to `limit` items after `startKey`, and whether DynamoDB stopped
 * before the end (`LastEvaluatedKey`). For lists read page by page with a filter in memory.
 */
export async function queryPage(
  spec: QuerySpec,
  limit: number,
  startKey?: StoredItem,
): Promise<{ items: StoredItem[]; more: boolean }> {
  const { Items, LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...spec,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: Items ?? [], more: LastEvaluatedKey !== undefined };
}

/**
 * How many items a query matches (`Select: COUNT`), over every page; after `startAfter` (the
 * key of an item read before) when given.
 */
export async function countQuery(spec: QuerySpec, startAfter?: StoredItem): Promise<number> {
  let count = 0;
  let startKey: StoredItem | undefined = startAfter;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...spec,
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** BatchGetItem takes at most 100 keys a request. */
const BATCH_GET_LIMIT = 100;

/** Many items by key, in any order; keys not found are simply absent. */
export async function batchGet(itemKeys: ItemKey[]): Promise<StoredItem[]> {
  const found: StoredItem[] = [];
  for (let start = 0; start < itemKeys.length; start += BATCH_GET_LIMIT) {
    let keysLeft: StoredItem[] | undefined = itemKeys
      .slice(start, start + BATCH_GET_LIMIT)
      .map((key) => ({ ...key }));
    while (keysLeft?.length) {
      const result: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keysLeft } } }),
      );
      found.push(...(result.Responses?.[tableName()] ?? []));
      keysLeft = result.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}
