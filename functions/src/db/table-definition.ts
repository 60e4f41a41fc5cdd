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
  ],
  /** Epoch seconds; DynamoDB deletes expired sessions, rate-limit counters and guards. */
  timeToLiveAttribute: 'ttl',
} as const;

export type GsiName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
