/**
 * The one DynamoDB table, defined once. The local stack creates it from this object on start
 * and the CDK stack builds the cloud table from it, so keys, indexes and TTL never drift.
 * Keys are generic (`pk`/`sk`, `gsi1pk`/`gsi1sk`, ...): each entity module of `db/` builds its
 * own, and `docs/access-patterns.md` lists them with their access patterns.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    /**
     * The waiting queue in order, small (issue 29, docs/adr/0028-queue-fan-out.md): gsi2's keys
     * again, with only what tells a waiting case from a claimed one. A Query of an index is
     * charged on the projected entry's size, so the fan-out reads the whole queue for about
     * 150 bytes a case instead of the whole case item (1-2 KB) that gsi2 (`ALL`) projects.
     */
    {
      indexName: 'queue',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      projection: ['id', 'status', 'requestType', 'leaseEndsAt'],
    },
  ],
  /** Epoch seconds; DynamoDB deletes expired sessions, rate-limit counters and guards. */
  timeToLiveAttribute: 'ttl',
} as const;

export type GsiName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** The attributes an index projects besides the keys (`INCLUDE`), or every one (`ALL`). */
export function indexProjection(
  index: (typeof tableDefinition.globalSecondaryIndexes)[number],
): { type: 'ALL' } | { type: 'INCLUDE'; attributes: readonly string[] } {
  return 'projection' in index
    ? { type: 'INCLUDE', attributes: index.projection }
    : { type: 'ALL' };
}

/** The key attributes of the table and its indexes, each once (two indexes may share keys). */
export function keyAttributeNames(): string[] {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  return [
    ...new Set([
      partitionKey,
      sortKey,
      ...globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ]),
  ];
}
