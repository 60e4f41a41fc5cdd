import type { ItemKey } from './keys';
import { conditionalUpdate, getItem, putItem } from './table';

/**
 * The queue's fan-out (issue 29, docs/adr/0028-queue-fan-out.md) in one small partition:
 * - `STATE`: whether the queue changed since the last fan-out (`dirty`), until when a worker
 *   holds the fan-out (`armedUntil`, epoch ms: one worker at a time), when the last pass started
 *   (`lastRunAt`, epoch ms: passes at least `QUEUE_FAN_OUT_WINDOW_MS` apart) and how many passes
 *   ran (`passes`);
 * - `MARKS`: what the last pass found, for `GET /api/cases/{caseId}/wait` to answer a place
 *   without counting the whole queue ahead: every `QUEUE_MARK_STRIDE`-th waiting case's queue
 *   sort key with the number of waiting cases ahead of it.
 */
export const QUEUE_FAN_OUT_ENTITY = 'QueueFanOut';
export const QUEUE_FAN_OUT_PARTITION = 'QUEUE#FANOUT';

/** Passes start at least this far apart: one fan-out a second, whatever the change rate. */
export const QUEUE_FAN_OUT_WINDOW_MS = 1_000;
/**
 * How long a worker holds the fan-out without renewing it (each pass renews it). A worker that
 * died lets the next change take over after this; its runs stay within the functions' 15 s.
 */
export const QUEUE_FAN_OUT_LEASE_MS = 30_000;

const stateKey: ItemKey = { pk: QUEUE_FAN_OUT_PARTITION, sk: 'STATE' };
const marksKey: ItemKey = { pk: QUEUE_FAN_OUT_PARTITION, sk: 'MARKS' };

/** The state as a worker reads it before a pass. */
export interface QueueFanOutState {
  dirty: boolean;
  armedUntil: number | null;
  lastRunAt: number | null;
  passes: number;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** Access pattern: the fan-out's state (strongly consistent: the window is measured on it). */
export async function readQueueFanOutState(): Promise<QueueFanOutState> {
  const item = await getItem(stateKey, { consistent: true });
  return {
    dirty: item?.dirty === true,
    armedUntil: numberOrNull(item?.armedUntil),
    lastRunAt: numberOrNull(item?.lastRunAt),
    passes: numberOrNull(item?.passes) ?? 0,
  };
}

/**
 * Access pattern: a change of the queue arms the fan-out: marks it dirty and takes it for a new
 * worker, when none holds it (or the holder's lease ran out). True: the caller must start the
 * worker. One conditional write.
 */
export function armQueueFanOut(now: number, until: number): Promise<boolean> {
  return conditionalUpdate(stateKey, {
    UpdateExpression: 'SET dirty = :true, armedUntil = :until, entity = :entity',
    ConditionExpression: 'attribute_not_exists(armedUntil) OR armedUntil < :now',
    ExpressionAttributeValues: {
      ':true': true,
      ':until': until,
      ':now': now,
      ':entity': QUEUE_FAN_OUT_ENTITY,
    },
  });
}

/**
 * Access pattern: a change that armed the fan-out but could not start the worker gives it back
 * (only its own lease, `until`), so the next change arms it again instead of waiting out the
 * lease.
 */
export function disarmQueueFanOut(until: number): Promise<boolean> {
  return conditionalUpdate(stateKey, {
    UpdateExpression: 'REMOVE armedUntil',
    ConditionExpression: 'armedUntil = :until',
    ExpressionAttributeValues: { ':until': until },
  });
}

/**
 * Access pattern: a change of the queue while a worker holds the fan-out: marked dirty, so that
 * worker makes one more pass. Only while the lease holds: false when the worker has just let go
 * (the caller then arms it itself), so no change is left with nobody to tell it.
 */
export function markQueueDirty(now: number): Promise<boolean> {
  return conditionalUpdate(stateKey, {
    UpdateExpression: 'SET dirty = :true',
    ConditionExpression: 'armedUntil >= :now',
    ExpressionAttributeValues: { ':true': true, ':now': now },
  });
}

/**
 * Access pattern: the worker takes the changes for a pass: clears `dirty`, records the pass's
 * start and renews its lease. False when nothing changed since its last pass. Every change
 * marked before this write is in the queue the pass then reads.
 */
export function takeQueueChanges(now: number, leaseMs: number): Promise<boolean> {
  return conditionalUpdate(stateKey, {
    UpdateExpression: 'REMOVE dirty SET lastRunAt = :now, armedUntil = :until ADD passes :one',
    ConditionExpression: 'dirty = :true',
    ExpressionAttributeValues: { ':true': true, ':now': now, ':until': now + leaseMs, ':one': 1 },
  });
}

/**
 * Access pattern: the worker lets go of the fan-out, only if nothing changed since its last
 * pass. False: a change came in between; the worker makes another pass.
 */
export function releaseQueueFanOut(): Promise<boolean> {
  return conditionalUpdate(stateKey, {
    UpdateExpression: 'REMOVE armedUntil',
    ConditionExpression: 'attribute_not_exists(dirty)',
  });
}

/** A waiting case of the last pass: its queue sort key and the waiting cases ahead of it. */
export interface QueueMark {
  sortKey: string;
  ahead: number;
}

/** Every this many waiting cases, one mark: a place is counted from at most this far back. */
export const QUEUE_MARK_STRIDE = 50;

/** Access pattern: the marks of the last pass (one GetItem, about 14 KB at 10,000 waiting). */
export async function readQueueMarks(): Promise<QueueMark[]> {
  const item = await getItem(marksKey);
  const marks = Array.isArray(item?.marks) ? (item.marks as unknown[]) : [];
  return marks.flatMap((mark) => {
    if (!Array.isArray(mark)) return [];
    const [sortKey, ahead] = mark as unknown[];
    return typeof sortKey === 'string' && typeof ahead === 'number' ? [{ sortKey, ahead }] : [];
  });
}

/** Access pattern: the worker stores a pass's marks (one PutItem, about 14 WCU at 10,000). */
export async function writeQueueMarks(marks: readonly QueueMark[]): Promise<void> {
  await putItem({
    ...marksKey,
    entity: QUEUE_FAN_OUT_ENTITY,
    marks: marks.map((mark) => [mark.sortKey, mark.ahead]),
  });
}
