import type { FrameBudget } from '../../db/connections';

/**
 * The message budget of every WebSocket connection (issue 25 item 6, security review M1): API
 * Gateway's WebSocket throttles are per stage and route, never per client, so one socket sending
 * pings in a loop could use up the stage's whole budget and stall every consultation's
 * signalling. `$default` spends one frame per message (db/connections.ts `spendFrame`) and closes
 * a connection that runs over.
 *
 * Sized on what real pages send (docs/capacity.md, "WebSocket message budget"): a room page's
 * hello, offer or answer and its ICE candidates come in a burst at the start and at each ICE
 * restart, then a heartbeat every 10 s; a dashboard or patient page pings every few minutes.
 */
export const FRAMES_PER_SECOND = 5;
export const FRAME_BURST = 60;

export const frameBudget: FrameBudget = {
  intervalMs: 1000 / FRAMES_PER_SECOND,
  burst: FRAME_BURST,
};
