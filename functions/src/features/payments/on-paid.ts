import type { CaseRecord } from '../../db/cases';
import type { Logger } from '../../lib/logger';
import { broadcastToProviders } from '../realtime/broadcast';

/**
 * The case-paid event: providers' dashboards hear of the new case at once (spec doc 2 §7,
 * CASE_PAID_READY). Failing to alert never undoes the payment.
 */
export async function announceCasePaid(caseRecord: CaseRecord, log: Logger): Promise<void> {
  try {
    await broadcastToProviders(
      {
        type: 'CASE_PAID_READY',
        case: { id: caseRecord.id, triageSummary: caseRecord.triageSummary },
      },
      log,
    );
  } catch {
    log.warn('case paid alert failed', { caseId: caseRecord.id });
  }
}
