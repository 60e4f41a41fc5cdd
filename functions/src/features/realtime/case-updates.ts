import type { CaseStatus } from '@shared/cases/status';
import type { CaseUpdatedMessage } from '@shared/realtime/api';
import { caseConnectionIds } from '../../db/connections';
import { settleWithLimit } from '../../lib/concurrency';
import { errorFields, type Logger } from '../../lib/logger';
import { pushToConnection } from '../../lib/realtime/push';

/** A case has a page or a few open (processing, visit, another tab): a small fan-out. */
const CASE_PUSH_CONCURRENCY = 8;

/**
 * Tells the patient pages subscribed to a case that it changed (issue 12, docs/adr/0007): one
 * Query for the case's connections, then `CASE_UPDATED` to each; each page refetches its own
 * answer. Called by the few functions every patient-visible transition goes through (payment
 * settled, claim, lapsed claim released, call started, call ended, case expired or refunded).
 * A push is a convenience (the pages still poll as a safety net), so this never throws and never
 * fails the transition: a failure is logged with the case id only. A connection gone (410) is
 * forgotten by the push.
 */
export async function pushCaseUpdate(
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
