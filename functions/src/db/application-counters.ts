import * as z from 'zod';
import type { ApplicationStatus } from '@shared/doctor-applications/status';
import { epochSeconds, type ItemKey } from './keys';
import { parseStored } from './records';
import { batchGet } from './table';
import { updateTx, type TransactItem } from './transaction';

/**
 * The admin stat tiles (spec doc 2 §2) as counter items, kept in the very transactions that
 * create and review applications (docs/access-patterns.md), so the stats never read the
 * applications. The table starts empty in every stage, so no backfill exists: counters are
 * right from the first application on.
 */
export const APPLICATION_COUNTER_ENTITY = 'ApplicationCounter';
const entity = { tag: APPLICATION_COUNTER_ENTITY };

export const APPLICATION_COUNTERS_PARTITION = 'COUNTER#APPLICATIONS';

/** Every application ever, per current status, and the review times summed. */
export const applicationTotalsKey: ItemKey = { pk: APPLICATION_COUNTERS_PARTITION, sk: 'TOTALS' };

/** Applications received on one UTC day (`YYYY-MM-DD`): Today's Applications. */
export const applicationsOnDayKey = (day: string): ItemKey => ({
  pk: APPLICATION_COUNTERS_PARTITION,
  sk: `DAY#${day}`,
});

/** A day counter is read only on its own day; DynamoDB deletes it two days later. */
const DAY_COUNTER_TTL_SECONDS = 2 * 24 * 60 * 60;

const statusAttribute = (status: ApplicationStatus) => `status_${status}`;

const count = z.number().int().default(0);
const totalsSchema = z.object({
  total: count,
  status_pending: count,
  status_under_review: count,
  status_approved: count,
  status_rejected: count,
  status_suspended: count,
  /** Applications reviewed at least once, and the sum of their latest review times. */
  reviewed: count,
  reviewMillis: count,
});
export type ApplicationTotals = z.infer<typeof totalsSchema>;

/** The UTC day (`YYYY-MM-DD`) of an ISO timestamp, as the day counters name it. */
export const applicationDayOf = (isoTimestamp: string) => isoTimestamp.slice(0, 10);

/** The counter updates of a new application, for its creating transaction. */
export function countNewApplicationTx(status: ApplicationStatus, applicationDate: string) {
  const day = applicationDayOf(applicationDate);
  const dayEnds = new Date(`${day}T00:00:00.000Z`).getTime() + 24 * 60 * 60 * 1000;
  return [
    updateTx(applicationTotalsKey, {
      UpdateExpression: 'ADD #total :one, #status :one SET entity = :entity',
      ExpressionAttributeNames: { '#total': 'total', '#status': statusAttribute(status) },
      ExpressionAttributeValues: { ':one': 1, ':entity': APPLICATION_COUNTER_ENTITY },
    }),
    updateTx(applicationsOnDayKey(day), {
      UpdateExpression: 'ADD #count :one SET entity = :entity, #ttl = :ttl',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': APPLICATION_COUNTER_ENTITY,
        ':ttl': epochSeconds(new Date(dayEnds)) + DAY_COUNTER_TTL_SECONDS,
      },
    }),
  ];
}

/**
 * The counter update of a review, for the review's transaction: the application moves from
 * `previousStatus` to `newStatus`, and its review time (application to latest review) becomes
 * `reviewMillis`, replacing `previousReviewMillis` when it had been reviewed before.
 */
export function countReviewTx(review: {
  previousStatus: ApplicationStatus;
  newStatus: ApplicationStatus;
  reviewMillis: number;
  previousReviewMillis: number | null;
}): TransactItem {
  const firstReview = review.previousReviewMillis === null;
  const moved = review.previousStatus !== review.newStatus;
  return updateTx(applicationTotalsKey, {
    UpdateExpression: [
      'ADD #reviewed :reviewed, #millis :millis',
      ...(moved ? [', #from :minusOne, #to :one'] : []),
      ' SET entity = :entity',
    ].join(''),
    ExpressionAttributeNames: {
      '#reviewed': 'reviewed',
      '#millis': 'reviewMillis',
      ...(moved
        ? {
            '#from': statusAttribute(review.previousStatus),
            '#to': statusAttribute(review.newStatus),
          }
        : {}),
    },
    ExpressionAttributeValues: {
      ':reviewed': firstReview ? 1 : 0,
      ':millis': review.reviewMillis - (review.previousReviewMillis ?? 0),
      ':entity': APPLICATION_COUNTER_ENTITY,
      ...(moved ? { ':one': 1, ':minusOne': -1 } : {}),
    },
  });
}

/** Access pattern: the totals and the count of `day` (one BatchGetItem of two counters). */
export async function applicationCounters(
  day: string,
): Promise<{ totals: ApplicationTotals; onDay: number }> {
  const dayKey = applicationsOnDayKey(day);
  const items = await batchGet([applicationTotalsKey, dayKey]);
  const totalsItem = items.find((item) => item.sk === applicationTotalsKey.sk);
  const dayItem = items.find((item) => item.sk === dayKey.sk);
  return {
    totals: parseStored(totalsSchema, entity, totalsItem ?? {}),
    onDay: typeof dayItem?.count === 'number' ? dayItem.count : 0,
  };
}
