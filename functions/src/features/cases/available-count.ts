import { countLapsedLeases } from '#db/claim-leases';
import { countCases } from '#db/cases/list-counts';
import { queueList } from '#db/cases/lists';
import { waitingCountOf, writeWaitingBaseline, type WaitingCount } from '#db/waiting-counter';

/**
 * The dashboards' Available counter (issue 29 item 1, docs/adr/0027): the queued cases that read
 * as available now (claim-lease.ts), without reading the queue. They are the cases stored as
 * paid (the waiting counter, read with the account: db/waiting-counter.ts) and the claims whose
 * lease ended but that the Scheduler has not yet released (db/claim-leases.ts: a COUNT of the
 * lapsed leases only). `stored` is the waiting counter as the request read it.
 */
export async function availableCount(stored: WaitingCount, now: Date): Promise<number> {
  const waiting = waitingCountOf(stored);
  if (waiting === null) return countAvailableAndRecount(stored, now);
  return waiting + (await countLapsedLeases(now));
}

/**
 * A stage that ran before the counter (no baseline yet, docs/adr/0027 "Migration"): the
 * Available count as it was made before (a COUNT of the queue, exact, O(queue)), and one try at
 * writing the baseline, so the next refreshes read the counter: the paid cases recounted minus
 * the shards' sum as this request read them, written only if no transition changed the shards
 * since (`writeWaitingBaseline`); else a later refresh tries again.
 */
async function countAvailableAndRecount(read: WaitingCount, now: Date): Promise<number> {
  const [available, storedPaid] = await Promise.all([
    countCases(queueList, { filter: 'available', now }),
    countCases(queueList, { filter: 'storedPaid', now }),
  ]);
  await writeWaitingBaseline(storedPaid, read);
  return available;
}
