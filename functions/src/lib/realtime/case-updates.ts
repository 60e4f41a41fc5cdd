import type { CaseStatus } from '@shared/cases/status';
import type { CaseUpdatedMessage } from '@shared/realtime/api';
import { caseConnectionIds } from '#db/connections';
import { settleWithLimit } from '../concurrency';
import { errorFields, type Logger } from '../logger';
import { pushToConnection } from './push';
import { queueChanged } from './queue-changed';

/** A case has a page or a few open (processing, visit, another tab): a small fan-out. */
const CASE_PUSH_CONCURRENCY = 8;

/**
 * The statuses a case enters as it joins or leaves the waiting queue (issue 28 item 5: paid,
 * claimed, released, started, expired, cancelled, back to awaiting payment); `completed` is not
 * one (the case left the queue when its call started).
 */
const MOVES_QUEUE: ReadonlySet<CaseStatus> = new Set<CaseStatus>([
  'awaiting_payment',
  'paid',
  'claimed',
  'in_call',
  'expired',
  'cancelled',
]);

/**
 * Tells the patient pages subscribed to a case that it changed (issue 12, docs/adr/0007): one
 * Query for the case's connections, then `CASE_UPDATED` to each; each page refetches its own
 * answer. Called by the few functions every patient-visible transition goes through (payment
 * settled, claim, lapsed claim released, call started, call ended, case expired or refunded).
 * A change that moves the queue also marks it for the queue's fan-out (`queueChanged`, issue 29):
 * a worker tells every waiting case's pages within about a second, outside this request. A push is a convenience (the pages
 * still poll as a safety net), so this never throws and never fails the transition: a failure is
 * logged with the case id only. A connection gone (410) is forgotten by the push.
 */
export async function pushCaseUpdate(
  caseId: string,
  status: CaseStatus | undefined,
  log: Logger,
): Promise<void> {
  await Promise.all([
    pushToCasePages(caseId, status, log),
    status && MOVES_QUEUE.has(status) ? queueChanged(caseId, log) : undefined,
  ]);
}

async function pushToCasePages(
  caseId: string,
  status: CaseStatus | undefined,
  log: Logger,
): Promise<void> {
  try {
    const connectionIds = await caseConnectionIds(caseId);
    if (connectionIds.length === 0) return;
    const message: CaseUpdatedMessage = { type: 'CASE_UPDATED', caseId, ...(status && { status }) };
    const results = await settleWithLimit(connectionIds, CASE_PUSH_CONCURRENCY, (connectionId) =>
      pushToConnection(connectionId, message),
    );
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) log.warn('case update pushes failed', { caseId, failed });
  } catch (error) {
    log.warn('case update not pushed', { caseId, ...errorFields(error) });
  }
}
