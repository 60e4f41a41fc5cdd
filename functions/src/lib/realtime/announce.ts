import { SUMMARY_LIMITS, truncate } from '@shared/cases/case-summary';
import type { CaseAlert, CaseAlertType } from '@shared/realtime/api';
import type { CaseRecord } from '#db/cases/record';
import type { Logger } from '../logger';
import { broadcastToProviders } from './broadcast';

/**
 * The alert of a case as every provider hears it (@shared/realtime/api): the id, and for a paid
 * case the summary cut to the toast's 50 characters; an unpaid case's alert carries no text.
 */
export function caseAlert(
  type: CaseAlertType,
  caseRecord: Pick<CaseRecord, 'id' | 'triageSummary'>,
): CaseAlert {
  return type === 'NEW_CASE_CREATED'
    ? { type, case: { id: caseRecord.id } }
    : {
        type,
        case: {
          id: caseRecord.id,
          triageSummary: truncate(caseRecord.triageSummary, SUMMARY_LIMITS.alert),
        },
      };
}

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
    const outcome = await broadcastToProviders(caseAlert(type, caseRecord), log);
    log.info('case alert sent', { caseId: caseRecord.id, alert: type, ...outcome });
  } catch {
    log.warn('case alert failed', { caseId: caseRecord.id, alert: type });
  }
}
