import type { HeartbeatMessage } from '@shared/realtime/api';
import { recordHeartbeat } from '#db/connections';

/**
 * Records a dashboard's heartbeat (issue 28 item 4) on its alert connection: `heartbeatAt` is
 * when API Gateway received it (`requestTimeEpoch`, the server's clock), `usedAt` the page's
 * claim of its last use, never later than that (a page's clock running ahead, or a forged time,
 * cannot keep a doctor on duty into the future). Whether this makes the doctor on duty is
 * decided when counting (features/providers/on-duty.ts).
 */
export async function recordDashboardHeartbeat(
  connectionId: string,
  message: HeartbeatMessage,
  receivedAtEpochMs: number,
): Promise<void> {
  const heartbeatAt = new Date(receivedAtEpochMs);
  const claimed = new Date(message.usedAt);
  const usedAt = claimed.getTime() > heartbeatAt.getTime() ? heartbeatAt : claimed;
  await recordHeartbeat(connectionId, {
    heartbeatAt: heartbeatAt.toISOString(),
    usedAt: usedAt.toISOString(),
  });
}
