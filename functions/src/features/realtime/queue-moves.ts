import type { QueueMovedMessage } from '@shared/realtime/api';
import { waitingCaseIds } from '../../db/cases';
import { caseConnectionIds } from '../../db/connections';
import { settleWithLimit } from '../../lib/concurrency';
import { errorFields, type Logger } from '../../lib/logger';
import { pushToConnection } from '../../lib/realtime/push';
import { readQueueConditions, waitAnswer } from '../cases/queue-wait';

/** Waiting cases handled at once: each is a small Query, then a push or two. */
const QUEUE_PUSH_CONCURRENCY = 16;

/**
 * Tells the patient pages of every waiting case their new place and estimate (issue 28 item 5):
 * one Query of the queue index for the waiting cases in order (a case's place is its index + 1),
 * the doctors on duty and the medians once for all, then per case one Query of its case
 * connections and a `QUEUE_MOVED` carrying its answer to each. The case that moved is skipped:
 * its own pages hear `CASE_UPDATED` and refetch. Per queue change with W waiting cases and P
 * open pages: 3 + W Queries and P pushes, no request from the pages (docs/capacity.md; a
 * 10k-case queue is issue 29's). A push is a convenience like `pushCaseUpdate`: it never throws.
 */
export async function pushQueueMoved(movedCaseId: string, log: Logger, now = new Date()) {
  try {
    const [caseIds, conditions] = await Promise.all([
      waitingCaseIds(now),
      readQueueConditions(now),
    ]);
    const places = caseIds.map((caseId, ahead) => ({ caseId, ahead }));
    const toTell = places.filter(({ caseId }) => caseId !== movedCaseId);
    const results = await settleWithLimit(
      toTell,
      QUEUE_PUSH_CONCURRENCY,
      async ({ caseId, ahead }) => {
        const message: QueueMovedMessage = {
          type: 'QUEUE_MOVED',
          caseId,
          wait: waitAnswer(ahead, conditions),
        };
        const connectionIds = await caseConnectionIds(caseId);
        await Promise.all(
          connectionIds.map((connectionId) => pushToConnection(connectionId, message)),
        );
      },
    );
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) log.warn('queue move pushes failed', { caseId: movedCaseId, failed });
  } catch (error) {
    log.warn('queue move not pushed', { caseId: movedCaseId, ...errorFields(error) });
  }
}
