import {
  partitionKeyAllowed,
  sessionTouch,
  type HandlerPermissions,
} from '../../functions/src/handler-permissions';
import { tableDefinition } from '#db/table-definition';

/**
 * The DynamoDB part of the local IAM check (`permission-check.ts`): what the statements
 * `infra/lib/handler-permissions.ts` makes from a declaration allow, judged from one request.
 * Reads and writes are matched on the partition key each request names (`dynamodb:LeadingKeys`:
 * the table's, or on an index the index's), field reads and the session touch also on the
 * attribute names the request uses (`dynamodb:Attributes`).
 */

type Input = Record<string, unknown>;
type Key = Record<string, unknown> | undefined;

/** What of a DynamoDB request the declaration does not allow, or null. */
export function tableRefusal(
  permissions: HandlerPermissions,
  action: string,
  input: Input,
): string | null {
  const table = permissions.table ?? {};
  const write = table.write ?? [];
  const written = (kind: string, key: Key, request: Input): string | null => {
    const pk = partitionKeyOf(key);
    if (partitionKeyAllowed(write, pk)) return null;
    if (kind === 'UpdateItem' && table.touchSessions && isSessionTouch(pk, request)) return null;
    return `dynamodb:${kind} on ${keyPrefix(pk)}…`;
  };
  switch (action) {
    case 'GetItem':
      return itemReadRefusal(permissions, input.Key as Key, input);
    case 'BatchGetItem': {
      // One request, so every key it names must be readable whole (`ForAllValues`).
      const tables = Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Key[] }>);
      for (const key of tables.flatMap((request) => request.Keys ?? [])) {
        const pk = partitionKeyOf(key);
        if (!partitionKeyAllowed(table.read ?? [], pk)) {
          return `dynamodb:BatchGetItem on ${keyPrefix(pk)}…`;
        }
      }
      return null;
    }
    case 'TransactGetItems': {
      // DynamoDB authorizes each item of a read transaction as its own GetItem.
      const items = (input.TransactItems ?? []) as { Get?: Input }[];
      for (const { Get: get = {} } of items) {
        const refusal = itemReadRefusal(permissions, get.Key as Key, get);
        if (refusal) return refusal;
      }
      return null;
    }
    case 'Query':
      return queryRefusal(permissions, input);
    case 'PutItem':
      // An append-only partition takes a plain Put only, never one inside a transaction.
      if (isAppend(table.append ?? [], partitionKeyOf(input.Item as Key), input)) return null;
      return written('PutItem', input.Item as Key, input);
    case 'UpdateItem':
    case 'DeleteItem':
      return written(action, input.Key as Key, input);
    case 'TransactWriteItems': {
      // IAM authorizes each item of a transaction as its own PutItem, UpdateItem or DeleteItem.
      const items = (input.TransactItems ?? []) as Record<string, Input>[];
      for (const item of items) {
        const [kind, part] = Object.entries(item)[0] ?? ['?', {}];
        const refusal =
          kind === 'Put'
            ? written('PutItem', part.Item as Key, part)
            : kind === 'Update' || kind === 'Delete'
              ? written(`${kind}Item`, part.Key as Key, part)
              : `dynamodb:${kind}Item`;
        if (refusal) return refusal;
      }
      return null;
    }
    default:
      // Scan, BatchWriteItem, ConditionCheckItem, table administration: granted to nobody.
      return `dynamodb:${action}`;
  }
}

/** A Put of an append-only partition that answers nothing back (`ReturnValues` NONE). */
function isAppend(append: readonly string[], pk: string, request: Input): boolean {
  const returnValues = request.ReturnValues ?? 'NONE';
  return partitionKeyAllowed(append, pk) && returnValues === 'NONE';
}

/** A GetItem (alone or in a read transaction): a whole item, or the declared fields of one. */
function itemReadRefusal(permissions: HandlerPermissions, key: Key, request: Input) {
  const pk = partitionKeyOf(key);
  if (partitionKeyAllowed(permissions.table?.read ?? [], pk)) return null;
  const projection = request.ProjectionExpression;
  if (typeof projection === 'string' && request.AttributesToGet === undefined) {
    const asked = attributeNames([projection], request);
    const covered = (permissions.table?.readFields ?? []).some(
      (fields) =>
        partitionKeyAllowed([fields.key], pk) &&
        asked.every((name) => fields.attributes.includes(name)),
    );
    if (covered) return null;
    return `dynamodb:GetItem of ${asked.join(', ')} on ${keyPrefix(pk)}…`;
  }
  return `dynamodb:GetItem on ${keyPrefix(pk)}…`;
}

/** A Query names one partition: of the table, or of the index it reads. */
function queryRefusal(permissions: HandlerPermissions, input: Input): string | null {
  const index = typeof input.IndexName === 'string' ? input.IndexName : undefined;
  const keyAttribute =
    index === undefined
      ? tableDefinition.partitionKey
      : tableDefinition.globalSecondaryIndexes.find((gsi) => gsi.indexName === index)?.partitionKey;
  const partition = keyAttribute ? queriedPartition(input, keyAttribute) : '';
  if (index === undefined) {
    return partitionKeyAllowed(permissions.table?.read ?? [], partition)
      ? null
      : `dynamodb:Query on ${keyPrefix(partition)}…`;
  }
  const declared = (permissions.table?.indexes ?? [])
    .filter((entry) => entry.index === index)
    .map((entry) => entry.key);
  return partitionKeyAllowed(declared, partition)
    ? null
    : `dynamodb:Query on ${index} ${keyPrefix(partition)}…`;
}

/** The value a key condition gives the partition key attribute (`gsi2pk = :pk`), or ''. */
function queriedPartition(input: Input, keyAttribute: string): string {
  const condition =
    typeof input.KeyConditionExpression === 'string' ? input.KeyConditionExpression : '';
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  for (const [, name, placeholder] of condition.matchAll(/(#?[A-Za-z_][\w]*)\s*=\s*(:[\w]+)/g)) {
    if ((names[name!] ?? name) === keyAttribute) return stringOf(values[placeholder!]);
  }
  return '';
}

/**
 * A touch of a session's `lastSeenAt`, as the `sessionTouch` statement allows it: only its
 * attributes in the expressions, and no `ReturnValues` that would read the whole item back.
 */
function isSessionTouch(pk: string, request: Input): boolean {
  if (!partitionKeyAllowed([sessionTouch.key], pk)) return false;
  const returnValues = request.ReturnValues ?? 'NONE';
  if (!(sessionTouch.returnValues as readonly unknown[]).includes(returnValues)) return false;
  const used = attributeNames([request.UpdateExpression, request.ConditionExpression], request);
  const allowed: readonly string[] = sessionTouch.attributes;
  return used.length > 0 && used.every((name) => allowed.includes(name));
}

/** Expression words that are not attribute names. */
const expressionWords = new Set([
  'SET',
  'REMOVE',
  'ADD',
  'DELETE',
  'AND',
  'OR',
  'NOT',
  'BETWEEN',
  'IN',
]);

/** The attribute names an expression uses (`#names` resolved), as `dynamodb:Attributes` lists them. */
function attributeNames(expressions: unknown[], request: Input): string[] {
  const names = (request.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const found = new Set<string>();
  for (const expression of expressions) {
    if (typeof expression !== 'string') continue;
    // Values (`:now`) and function names (`attribute_exists(`) are not attributes.
    const words = expression.replace(/:[\w]+/g, ' ').replace(/[A-Za-z_]\w*\s*\(/g, ' ');
    for (const [word] of words.matchAll(/#?[A-Za-z_][\w]*/g)) {
      if (expressionWords.has(word.toUpperCase())) continue;
      found.add(word.startsWith('#') ? (names[word] ?? word) : word);
    }
  }
  return [...found];
}

function stringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const typed = (value as { S?: unknown } | undefined)?.S;
  return typeof typed === 'string' ? typed : '';
}

/** The partition key of a key or item, plain or in DynamoDB's attribute-value form. */
function partitionKeyOf(key: Key): string {
  return stringOf(key?.[tableDefinition.partitionKey]);
}

/** `CASE#0b1e…` → `CASE#`: refusals name the kind of key, never an id (a capability). */
function keyPrefix(pk: string): string {
  return pk.slice(0, pk.lastIndexOf('#') + 1) || pk;
}
