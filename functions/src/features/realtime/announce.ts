import type { CaseAlertType } from '@shared/realtime/api';
import type { CaseRecord } from '../../db/cases';
import type { Logger } from '../../lib/logger';
import { broadcastToProviders } from './broadcast';

/**
 * Tells every provider dashboard about a case (spec doc 2 §7): `NEW_CASE_CREATED` when it is
 * created, `CASE_PAID_READY` when it is paid. An alert is a convenience (dashboards also poll),
 * so failing to send one never fails the request that caused it.
 */
export async function announceCase(
  type: CaseAlertType,
  caseRecord: Pick<CaseRecord, 'id' | 'triageSummary'>,
  log: Logger,
): Promise<void> {
  try {
    const outcome = await broadcastToProviders(
      { type, case: { id: caseRecord.id, triageSummary: caseRecord.triageSummary } },
      log,
    );
    log.info('case alert sent', { caseId: caseRecord.id, alert: type, ...outcome });
  } catch {
    log.warn('case alert failed', { caseId: caseRecord.id, alert: type });
  }
}
