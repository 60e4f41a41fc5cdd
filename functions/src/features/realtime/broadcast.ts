import { liveConnectionPages } from '../../db/connections';
import { pushToConnection } from '../../lib/realtime/push';
import type { Logger } from '../../lib/logger';

/** Alert message of the provider dashboard (spec doc 2 §3): type and case {id, triageSummary}. */
export interface CaseAlert {
  type: 'NEW_CASE_CREATED' | 'CASE_PAID_READY';
  case: { id: string; triageSummary: string };
}

/**
 * Sends an alert to every live provider connection (only signed-in providers can connect). A
 * failed push is logged and skipped: alerts are a convenience, the dashboard also polls.
 */
export async function broadcastToProviders(alert: CaseAlert, log: Logger): Promise<number> {
  let delivered = 0;
  for await (const connectionIds of liveConnectionPages()) {
    const results = await Promise.allSettled(
      connectionIds.map((connectionId) => pushToConnection(connectionId, alert)),
    );
    for (const result of results) {
      if (result.status === 'fulfilled' && result.value) delivered += 1;
      if (result.status === 'rejected') log.warn('alert push failed');
    }
  }
  return delivered;
}
