import type { QueueMovedMessage } from '@shared/realtime/api';
import { waitingCaseIds } from '../../db/cases';
import { caseConnectionIds } from '../../db/connections';
import { settleWithLimit } from '../../lib/concurrency';
import { errorFields, type Logger } from '../../lib/logger';
import { pushToConnection } from '../../lib/realtime/push';

/** Waiting cases handled at once: each is a small Query, then a push or two. */
const QUEUE_PUSH_CONCURRENCY = 16;

/**
 * Tells the patient pages of every waiting case that the queue moved (issue 28 item 5): one
 * Query of the queue index for the waiting cases' ids, then per case one Query of its case
 * connections and a `QUEUE_MOVED` to each; the pages refetch their place and estimate. The case
 * that moved is skipped: its own pages hear `CASE_UPDATED`. Per queue change with W waiting
 * cases and P open pages: 1 + W Queries and P pushes (docs/capacity.md; a 10k-case queue is
 * issue 29's). A push is a convenience like `pushCaseUpdate`: it never throws.
 */
export async function pushQueueMoved(movedCaseId: string, log: Logger, now = new Date()) {
  try {
    const caseIds = (await waitingCaseIds(now)).filter((caseId) => caseId !== movedCaseId);
    const results = await settleWithLimit(caseIds, QUEUE_PUSH_CONCURRENCY, async (caseId) => {
      const message: QueueMovedMessage = { type: 'QUEUE_MOVED', caseId };
      const connectionIds = await caseConnectionIds(caseId);
      await Promise.all(connectionIds.map((connectionId) => pushToConnection(connectionId, message)));
    });
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) log.warn('queue move pushes failed', { caseId: movedCaseId, failed });
  } catch (error) {
    log.warn('queue move not pushed', { caseId: movedCaseId, ...errorFields(error) });
  }
}
