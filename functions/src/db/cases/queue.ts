/**
 * The waiting queue on the small `queue` index (gsi2's keys and the few attributes the waiting
 * filter reads, issue 29): a case's place in it, and the whole queue in order for the fan-out.
 */
import { countQuery, queryAll } from '../table';
import { CASE_QUEUE, queueEntry } from './keys';

/**
 * The waiting telemedicine cases of the queue index (issue 28 item 5): paid, or claimed with a
 * lease that ended (a lapsed claim waits again). A claim with a live lease, and a home nurse
 * visit (no call, no queue to wait in), are not waiting. A FilterExpression: DynamoDB still reads
 * (and charges) the queue's items it drops, which the queue's small size bounds.
 */
const waitingFilter = {
  FilterExpression:
    'requestType = :telemedicine AND (#status = :paid OR (#status = :claimed AND leaseEndsAt <= :now))',
  names: { '#status': 'status' },
  values: (now: Date) => ({
    ':telemedicine': 'telemedicine',
    ':paid': 'paid',
    ':claimed': 'claimed',
    ':now': now.toISOString(),
  }),
};

/**
 * Access pattern: how many waiting cases are ahead of a case in the queue, counted from `from`
 * (a mark of the last fan-out, db/queue-fan-out.ts: a sort key of the queue; from the head when
 * none): one `Select: COUNT` Query of the small `queue` index (gsi2's keys, about 150 bytes a
 * case) between that key and the case's own place, so it reads the few cases between them, not
 * the queue ahead (issue 29: at most a mark's stride plus the live claims among them).
 */
export async function countWaitingAhead(
  caseRecord: { id: string; paidAt: string },
  now: Date,
  from?: string,
): Promise<number> {
  const place = queueEntry(caseRecord.paidAt, caseRecord.id).gsi2sk;
  return countQuery({
    IndexName: 'queue',
    KeyConditionExpression: from
      ? 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :place'
      : 'gsi2pk = :pk AND gsi2sk < :place',
    // BETWEEN takes both ends: the case itself is not ahead of itself.
    FilterExpression: `${waitingFilter.FilterExpression} AND #id <> :self`,
    ExpressionAttributeNames: { ...waitingFilter.names, '#id': 'id' },
    ExpressionAttributeValues: {
      ':pk': CASE_QUEUE,
      ':place': place,
      ':self': caseRecord.id,
      ...(from ? { ':from': from } : {}),
      ...waitingFilter.values(now),
    },
  });
}

/** A waiting case in queue order: its id and its sort key on the queue. */
export interface QueuedCase {
  caseId: string;
  sortKey: string;
}

/**
 * Access pattern: every waiting case, in queue order (the `queue` index: gsi2 `CASE_QUEUE` with
 * a projection of the id and the three attributes the waiting filter reads), for the fan-out
 * (issue 29): about 150 bytes a case, so 1 read unit per 50 cases or so (eventually consistent).
 */
export async function waitingQueue(now: Date): Promise<QueuedCase[]> {
  const items = await queryAll({
    IndexName: 'queue',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: waitingFilter.FilterExpression,
    ExpressionAttributeNames: { ...waitingFilter.names, '#id': 'id' },
    ExpressionAttributeValues: { ':pk': CASE_QUEUE, ...waitingFilter.values(now) },
    ProjectionExpression: '#id, gsi2sk',
  });
  return items.flatMap((item) =>
    typeof item.id === 'string' && typeof item.gsi2sk === 'string'
      ? [{ caseId: item.id, sortKey: item.gsi2sk }]
      : [],
  );
}
