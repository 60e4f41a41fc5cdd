import type { CaseAlert } from '@shared/realtime/api';
import { alertConnectionPages } from '#db/connections';
import { settleWithLimit } from '../concurrency';
import type { Logger } from '../logger';
import { pushToConnection } from './push';
import { closeConnections } from './close-connections';
import { checkListeners } from './listeners';

/**
 * Pushes in flight at once: enough to reach hundreds of dashboards within a second, few enough
 * not to exhaust the Lambda's sockets or the Management API's rate.
 */
const PUSH_CONCURRENCY = 32;

export interface BroadcastOutcome {
  delivered: number;
  /** Connections whose session or account had ended: closed, not pushed to. */
  closed: number;
  /** Pushes that failed for another reason (logged; the dashboard also polls). */
  failed: number;
}

/**
 * Sends an alert to every provider alert connection, one page of the list at a time. Before a
 * push each connection's session and account are re-checked (two batched reads per page); the
 * connections that fail it are closed instead. A connection gone (410) is forgotten by the push.
 */
export async function broadcastToProviders(
  alert: CaseAlert,
  log: Logger,
): Promise<BroadcastOutcome> {
  const outcome: BroadcastOutcome = { delivered: 0, closed: 0, failed: 0 };
  for await (const page of alertConnectionPages()) {
    const { allowed, refused } = await checkListeners(page);
    const [pushes, closeFailures] = await Promise.all([
      settleWithLimit(allowed, PUSH_CONCURRENCY, (connection) =>
        pushToConnection(connection.connectionId, alert),
      ),
      closeConnections(refused),
    ]);
    outcome.closed += refused.length - closeFailures;
    for (const result of pushes) {
      if (result.status === 'rejected') outcome.failed += 1;
      else if (result.value) outcome.delivered += 1;
    }
  }
  if (outcome.failed > 0) log.warn('alert pushes failed', { failed: outcome.failed });
  return outcome;
}
