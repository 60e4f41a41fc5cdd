import type { ItemKey } from './keys';
import { updateItem } from './table';

/** Fixed-window call counters of the rate limits (lib/rate-limit.ts). */
export const RATE_LIMIT_COUNTER_ENTITY = 'RateLimitCounter';

export const RATE_LIMIT_PREFIX = 'RATE#';
/** One counter per bucket, subject hash and window. */
export const rateLimitCounterKey = (
  bucket: string,
  subjectHash: string,
  windowStart: number,
): ItemKey => ({ pk: `${RATE_LIMIT_PREFIX}${bucket}#${subjectHash}`, sk: `WINDOW#${windowStart}` });

/**
 * Counts one call with an atomic ADD and answers the count so far. The item expires by TTL at
 * `expiresAtSeconds`, set by the window's first call.
 */
export async function countCall(
  bucket: string,
  subjectHash: string,
  windowStart: number,
  expiresAtSeconds: number,
): Promise<number> {
  const updated = await updateItem(
    rateLimitCounterKey(bucket, subjectHash, windowStart),
    {
      UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl), entity = :entity',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':ttl': expiresAtSeconds,
        ':entity': RATE_LIMIT_COUNTER_ENTITY,
      },
    },
    { returnUpdated: true },
  );
  return Number(updated?.count ?? 1);
}
