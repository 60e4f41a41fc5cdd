import { QUEUE_FAR_PUSHES_PER_PASS, QUEUE_NEAR_PLACES } from '#features/realtime/queue-freshness';
import { assumptions, queueFanOutAssumptions, queueFanOutPassesPerSecond } from '../capacity';

/**
 * `QUEUE_MOVED` pushes (PostToConnection calls) per second at a number of waiting patients, as
 * the queue's fan-out sends them (docs/capacity.md "The queue's push", docs/adr/0028): passes at
 * most one a window (`queueFanOutPassesPerSecond`), each telling the pages near the head whose
 * answer changed and at most `QUEUE_FAR_PUSHES_PER_PASS` pages further back
 * (functions/src/features/realtime/queue-freshness.ts). An upper bound: every near page changes
 * each pass, and far pages fill their quota every pass (a change of the doctors on duty, a new
 * worker); in steady state the far pages are told once per `QUEUE_FAR_REFRESH_MS` (330 a second
 * at 10,000 waiting) and the near ones once per departure (49). The model's limits
 * (limits.ts, sockets.ts) read only this function.
 */
export function queueMovedPushesPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const near = Math.min(waitingPatients, QUEUE_NEAR_PLACES);
  const far = Math.min(waitingPatients - near, QUEUE_FAR_PUSHES_PER_PASS);
  const pushesPerPass = (near + far) * queueFanOutAssumptions.pagesPerWaitingCase;
  return queueFanOutPassesPerSecond(waitingPatients) * pushesPerPass;
}
