import type { QueueMovedMessage } from '@shared/realtime/api';
import { waitingQueue, type QueuedCase } from '#db/cases/queue';
import { allCasePages, type CasePage } from '#db/connections';
import { QUEUE_MARK_STRIDE, writeQueueMarks, type QueueMark } from '#db/queue-fan-out';
import { settleWithLimit } from '#lib/concurrency';
import type { Logger } from '#lib/logger';
import { pushToConnection } from '#lib/realtime/push';
import { readQueueConditions, waitAnswer, type QueueConditions } from '../cases/queue-wait';
import { freshnessOf, QUEUE_FAR_PUSHES_PER_PASS, type ToldAnswer } from './queue-freshness';

/**
 * Pushes in flight at once: a pass tells up to 600 pages (queue-freshness.ts), and a
 * PostToConnection takes some tens of milliseconds.
 */
const QUEUE_PUSH_CONCURRENCY = 64;

/**
 * What each open page was last told and when (its connection id → `ToldAnswer`), kept by the one
 * worker that holds the fan-out (docs/adr/0028): a page is told again only when its answer
 * changed, and far from the head only when its tier says so (queue-freshness.ts). A new worker
 * instance starts empty and tells every waiting page once, `QUEUE_FAR_PUSHES_PER_PASS` a pass.
 */
const lastTold = new Map<string, ToldAnswer>();

/** Every `QUEUE_MARK_STRIDE`-th waiting case with the number ahead of it (the route's marks). */
export function marksOf(queue: readonly QueuedCase[]): QueueMark[] {
  return queue.flatMap(({ sortKey }, ahead) =>
    ahead % QUEUE_MARK_STRIDE === 0 ? [{ sortKey, ahead }] : [],
  );
}

/** A page to tell, what, and the memory of it once told. */
export interface PageToTell {
  page: CasePage;
  message: QueueMovedMessage;
  told: ToldAnswer;
}

/**
 * The pages a pass tells (issue 29's freshness tiers, queue-freshness.ts): of the pages of
 * waiting cases whose answer differs from the last told, every one near the head, and of those
 * further back whose turn came (`freshnessOf`), the stalest `QUEUE_FAR_PUSHES_PER_PASS`. Each is
 * told its true answer at this pass.
 */
export function pagesToTell(
  queue: readonly QueuedCase[],
  pages: readonly CasePage[],
  conditions: QueueConditions,
  told: ReadonlyMap<string, ToldAnswer>,
  now: number,
): PageToTell[] {
  const aheadOf = new Map(queue.map(({ caseId }, ahead) => [caseId, ahead]));
  const near: PageToTell[] = [];
  const far: { push: PageToTell; toldAt: number }[] = [];
  for (const page of pages) {
    const ahead = aheadOf.get(page.caseId);
    if (ahead === undefined) continue;
    const wait = waitAnswer(ahead, conditions);
    const answer = JSON.stringify(wait);
    const before = told.get(page.connectionId);
    if (before?.answer === answer) continue;
    const push = {
      page,
      message: { type: 'QUEUE_MOVED' as const, caseId: page.caseId, wait },
      told: { answer, estimate: wait.estimate, at: now },
    };
    const freshness = freshnessOf(ahead + 1, wait.estimate, before, now);
    if (freshness === 'near') near.push(push);
    else if (freshness === 'far') far.push({ push, toldAt: before?.at ?? Number.MIN_SAFE_INTEGER });
  }
  const stalestFirst = far.sort((a, b) => a.toldAt - b.toldAt);
  return [...near, ...stalestFirst.slice(0, QUEUE_FAR_PUSHES_PER_PASS).map(({ push }) => push)];
}

/**
 * One pass of the queue's fan-out (issue 28 item 5, issue 29): the waiting cases in order (one
 * Query of the small `queue` index), the doctors on duty and the medians, and every open patient
 * page (`CASE_PAGE_SHARDS` Queries in parallel); the marks stored for the wait route, then a
 * `QUEUE_MOVED` with its answer to each page of a waiting case whose place or estimate changed
 * since it was last told. A few Queries and one write whatever the queue's length, and a push
 * per page that has something new to show (docs/capacity.md, "The queue's push"). Throws only
 * when a read or the marks' write fails (the worker logs it and tries again on the next change);
 * failed pushes are counted and logged.
 */
export async function fanOutQueue(log: Logger, now = new Date()): Promise<{ told: number }> {
  const [queue, conditions, pages] = await Promise.all([
    waitingQueue(now),
    readQueueConditions(now),
    allCasePages(),
  ]);
  // Before any push: a page told its place and asking the route at once gets the same answer.
  await writeQueueMarks(marksOf(queue));
  const open = new Set(pages.map((page) => page.connectionId));
  for (const connectionId of lastTold.keys()) {
    if (!open.has(connectionId)) lastTold.delete(connectionId);
  }
  const toTell = pagesToTell(queue, pages, conditions, lastTold, now.getTime());
  const results = await settleWithLimit(toTell, QUEUE_PUSH_CONCURRENCY, async (push) => {
    if (await pushToConnection(push.page.connectionId, push.message)) {
      lastTold.set(push.page.connectionId, push.told);
    }
  });
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) log.warn('queue move pushes failed', { failed, told: toTell.length });
  return { told: toTell.length - failed };
}
