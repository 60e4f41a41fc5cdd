import { spendFrame, type FrameBudget, type FrameSpent } from '#db/connections';
import { env } from '#core/env';

/**
 * The message budget of every WebSocket connection (issue 25 item 6, security review M1): API
 * Gateway's WebSocket throttles are per stage and route, never per client, so one socket sending
 * pings in a loop could use up the stage's whole budget and stall every consultation's
 * signalling. `$default` spends one frame per message and closes a connection that runs over.
 *
 * Sized on what real pages send (docs/capacity.md, "WebSocket message budget"): a room page's
 * hello, offer or answer and its ICE candidates come in a burst at the start and at each ICE
 * restart, then a heartbeat every 10 s; a dashboard or patient page pings every few minutes.
 * `WS_FRAMES_PER_SECOND` (default 5) and `WS_FRAME_BURST` (default 60) set it.
 */
export function frameBudget(): FrameBudget {
  return { intervalMs: 1000 / env.wsFramesPerSecond, burst: env.wsFrameBurst };
}

/**
 * What this instance last saw of each connection's budget (`frameTat`), so the common frame
 * costs one write: the first update tried is the one that fits (quiet or within a burst), and a
 * connection this instance already saw over its budget is refused without asking the table
 * (`frameTat` only grows, so the table can only be further over; a closed connection's id never
 * comes back). Bounded: the oldest entries go first; a forgotten one only costs a second update.
 */
const seen = new Map<string, number>();
const SEEN_LIMIT = 10_000;

function remember(connectionId: string, tat: number): void {
  seen.delete(connectionId);
  seen.set(connectionId, tat);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.keys().next().value!);
}

/**
 * Frames of one connection that reach this instance together wait for each other here, so each
 * finds the one before it in `seen` and costs a single write (a page's ICE candidates come
 * within milliseconds; the table serializes writes to one item anyway). A Lambda instance
 * handles one frame at a time, so this only matters where one process handles many at once (the
 * local gateway).
 */
const pending = new Map<string, Promise<unknown>>();

/** What spending a frame decided; `firstRefusal`: this frame found the connection over budget. */
export interface FrameVerdict extends FrameSpent {
  firstRefusal: boolean;
}

/**
 * Spends one frame of a connection's budget (db/connections.ts `spendFrame`), counted at
 * `arrivedAt`, when API Gateway received it (`requestTimeEpoch`): a flood is measured at the
 * pace it was sent, however late its frames are handled.
 */
export function spendConnectionFrame(
  connectionId: string,
  arrivedAt: number,
): Promise<FrameVerdict> {
  const before = pending.get(connectionId) ?? Promise.resolve();
  const spent = before.then(
    () => spendNow(connectionId, arrivedAt),
    () => spendNow(connectionId, arrivedAt),
  );
  const settled = spent.catch(() => undefined);
  pending.set(connectionId, settled);
  void settled.then(() => {
    if (pending.get(connectionId) === settled) pending.delete(connectionId);
  });
  return spent;
}

async function spendNow(connectionId: string, now: number): Promise<FrameVerdict> {
  const budget = frameBudget();
  const known = seen.get(connectionId);
  const last = now + (budget.burst - 1) * budget.intervalMs;
  if (known !== undefined && known > last) {
    remember(connectionId, Number.POSITIVE_INFINITY);
    return {
      connection: null,
      overBudget: true,
      tat: known,
      firstRefusal: known !== Number.POSITIVE_INFINITY,
    };
  }
  const spent = await spendFrame(connectionId, budget, {
    now,
    burstFirst: known !== undefined && known >= now,
  });
  // A connection found over its budget is being closed, and an unknown one is closed by the
  // caller: their later frames are refused here without asking the table again.
  remember(
    connectionId,
    spent.overBudget || spent.connection === null ? Number.POSITIVE_INFINITY : spent.tat!,
  );
  return { ...spent, firstRefusal: spent.overBudget };
}
