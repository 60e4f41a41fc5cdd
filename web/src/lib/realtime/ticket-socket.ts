import { PING_INTERVAL_MS, PING_MESSAGE, realtimeUrl } from '@shared/realtime/api';

/**
 * A `/ws` connection opened with a ticket: the dashboard's live alerts (spec doc 2 §7, issue 8
 * item 8) and the consultation room's signalling (DESIGN.md §7). Fetch a short-lived single-use
 * ticket, connect to `/ws?ticket=…` (no session token or room token ever goes in a URL), ping
 * within API Gateway's 10-minute idle timeout, and reconnect with exponential backoff and jitter
 * (so a gateway restart does not bring every page back in the same second), with a fresh ticket
 * each time. No React here: the hooks wire it to their pages.
 *
 * During a call the room asks for a `heartbeat` (issue 26): a ping every `intervalMs`, and a
 * socket that has not answered within `timeoutMs` is taken for dead (a Wi-Fi to cellular switch
 * leaves the old TCP connection open for minutes with no close event): it is dropped without
 * waiting for the browser and a new one connects at once. `probe()` pings now with the same
 * deadline (the room's ICE went `disconnected`: maybe the network changed); `reconnectNow()`
 * replaces a socket that looks open but is suspected (the device came back online).
 */

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

const PING = JSON.stringify(PING_MESSAGE);

export interface TicketSocketOptions {
  /** Asks the server for a fresh ticket; throws when it cannot. */
  getTicket: () => Promise<string>;
  /** Every parsed JSON message from the server. */
  onMessage: (message: unknown) => void;
  /** Open or not: the Live Alerts / Offline indicator. */
  onConnectedChange: (connected: boolean) => void;
  /** A connection opened after an earlier one was lost: alerts may have been missed. */
  onReconnect: () => void;
  /** Each time a connection opens, before anything else: the room says hello here. */
  onOpen?: (send: (message: unknown) => void) => void;
  /** The page's origin, for the scheme and host (tests pass their own). */
  origin?: string;
  WebSocketImpl?: typeof WebSocket;
  /** 0..1, for the jitter; tests pass a constant. */
  random?: () => number;
  /**
   * Liveness checks (the room during a call); without it, a keep-alive ping every 5 minutes.
   * `probeTimeoutMs` (default `timeoutMs`) is the deadline of `probe()`: asked when something
   * already looks wrong, so the page may give the socket less time.
   */
  heartbeat?: { intervalMs: number; timeoutMs: number; probeTimeoutMs?: number };
  /** The longest wait between reconnect attempts (the room keeps it short). */
  maxDelayMs?: number;
}

export interface TicketSocket {
  /** Sends a JSON message if the socket is open; returns whether it did. */
  send(message: unknown): boolean;
  /** Connect now if not connected (the tab became visible, the browser is online again). */
  wake(): void;
  /**
   * With a heartbeat: ping now and drop the socket if no answer comes within the deadline;
   * connects now if not connected.
   */
  probe(): void;
  /** Drops the current socket even if it looks open, and connects a new one at once. */
  reconnectNow(): void;
  /** Close for good (signed out, page left). */
  close(): void;
}

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s, less up to half. */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  maxMs: number = RECONNECT_MAX_MS,
): number {
  const ceiling = Math.min(maxMs, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function openTicketSocket(options: TicketSocketOptions): TicketSocket {
  const {
    getTicket,
    onMessage,
    onConnectedChange,
    onReconnect,
    onOpen: onOpened,
    origin = window.location.origin,
    WebSocketImpl = WebSocket,
    random = Math.random,
    heartbeat,
    maxDelayMs = RECONNECT_MAX_MS,
  } = options;

  let socket: WebSocket | null = null;
  let open = false;
  let connecting = false;
  let closed = false;
  let failures = 0;
  let everOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Set while a heartbeat ping waits for its answer. */
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;

  function scheduleRetry() {
    if (closed || retryTimer !== undefined) return;
    const delay = reconnectDelay(failures, random, maxDelayMs);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
  }

  function sendJson(message: unknown): boolean {
    if (!socket || !open) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function stopTimers() {
    clearInterval(pingTimer);
    clearTimeout(deadlineTimer);
    pingTimer = undefined;
    deadlineTimer = undefined;
  }

  /** When the pending deadline falls due (ms since the epoch); none without a pending ping. */
  let deadlineAt = Infinity;

  /** Pings; with a heartbeat, no answer within `deadlineMs` drops the socket. */
  function ping(deadlineMs = heartbeat?.timeoutMs) {
    if (!socket || !open) return;
    socket.send(PING);
    if (!heartbeat || deadlineMs === undefined) return;
    // A probe may shorten a pending ping's deadline, never lengthen it.
    if (deadlineTimer !== undefined && deadlineAt <= Date.now() + deadlineMs) return;
    clearTimeout(deadlineTimer);
    deadlineAt = Date.now() + deadlineMs;
    deadlineTimer = setTimeout(() => {
      deadlineTimer = undefined;
      deadlineAt = Infinity;
      dropAndReconnect();
    }, deadlineMs);
  }

  /** Forgets the current socket (its close event, whenever the browser sends it, is ignored). */
  function drop() {
    const current = socket;
    const wasOpen = open;
    socket = null;
    open = false;
    stopTimers();
    current?.close();
    if (wasOpen) onConnectedChange(false);
  }

  function dropAndReconnect() {
    if (closed) return;
    drop();
    clearTimeout(retryTimer);
    retryTimer = undefined;
    void connect();
  }

  function onOpen(this: WebSocket) {
    if (socket !== this) return;
    clearTimeout(deadlineTimer);
    deadlineTimer = undefined;
    open = true;
    failures = 0;
    onOpened?.(sendJson);
    onConnectedChange(true);
    if (everOpened) onReconnect();
    everOpened = true;
    pingTimer = setInterval(ping, heartbeat?.intervalMs ?? PING_INTERVAL_MS);
  }

  function onClose(this: WebSocket) {
    if (socket !== this) return;
    socket = null;
    open = false;
    stopTimers();
    onConnectedChange(false);
    scheduleRetry();
  }

  function onData(this: WebSocket, event: MessageEvent) {
    if (socket !== this) return;
    // Anything from the server proves the socket alive, the PONG included.
    clearTimeout(deadlineTimer);
    deadlineTimer = undefined;
    if (typeof event.data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(event.data);
    } catch {
      return; // Not ours: the gateway's plain-text answers.
    }
    onMessage(message);
  }

  async function connect() {
    if (closed || socket || connecting) return;
    connecting = true;
    let ticket: string;
    try {
      ticket = await getTicket();
    } catch {
      connecting = false;
      scheduleRetry();
      return;
    }
    connecting = false;
    if (closed) return;
    const next = new WebSocketImpl(realtimeUrl(origin, ticket));
    socket = next;
    next.addEventListener('open', onOpen);
    next.addEventListener('message', onData);
    next.addEventListener('close', onClose);
    // An error is always followed by close, which reconnects.
    if (heartbeat) {
      // A handshake on a dead network can hang as long as a dead socket: the same deadline, twice.
      deadlineTimer = setTimeout(() => {
        deadlineTimer = undefined;
        dropAndReconnect();
      }, heartbeat.timeoutMs * 2);
    }
  }

  function wake() {
    if (closed || socket || connecting) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    void connect();
  }

  void connect();

  return {
    send: sendJson,
    wake,
    probe() {
      if (open) ping(heartbeat?.probeTimeoutMs ?? heartbeat?.timeoutMs);
      else wake();
    },
    reconnectNow() {
      if (closed || connecting) return;
      dropAndReconnect();
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      stopTimers();
      const current = socket;
      socket = null;
      open = false;
      current?.close(1000);
    },
  };
}
