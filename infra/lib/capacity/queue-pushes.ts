import { assumptions, concurrentRelayedCalls, turnAssumptions } from '../capacity';

/**
 * `QUEUE_MOVED` pushes per second at a number of waiting patients, as the queue's push works
 * today (docs/capacity.md "The queue's push"): every change that moves the queue (a case paid,
 * claimed, its call started: three a consult) tells every waiting case's page at once.
 *
 * PLACEHOLDER for issue 29's fan-out part, which owns this design and its figure: when its
 * coalesced fan-out is merged, this function returns its pushes per second instead (the
 * coordinator wires it); the model's limits (limits.ts) read only this function.
 */
export function queueMovedPushesPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const queueChangesPerConsult = 3;
  const consultsPerSecond = concurrentRelayedCalls(waitingPatients) / turnAssumptions.callSeconds;
  return consultsPerSecond * queueChangesPerConsult * waitingPatients;
}
