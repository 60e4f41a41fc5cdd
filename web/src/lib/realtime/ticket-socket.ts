import { PING_INTERVAL_MS, PING_MESSAGE, realtimeUrl } from '@shared/realtime/api';

/**
 * A `/ws` connection opened with a ticket: the dashboard's live alerts (spec doc 2 §7, issue 8
 * item 8) and the consultation room's signalling (DESIGN.md §7). Fetch a short-lived single-use
 * ticket, connect to `/ws?ticket=…` (no session token or room token ever goes in a URL), ping
 * within API Gateway's 10-minute idle timeout, and reconnect with exponential backoff and jitter
 * (so a gateway restart does not bring every page back in the same second), with a fresh ticket
 * each time. No React here: the hooks wire it to their pages.
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
}

export interface TicketSocket {
  /** Sends a JSON message if the socket is open; returns whether it did. */
  send(message: unknown): boolean;
  /** Connect now if not connected (the tab became visible, the browser is online again). */
  wake(): void;
  /** Close for good (signed out, page left). */
  close(): void;
}

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s, less up to half. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
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
  } = options;

  let socket: WebSocket | null = null;
  let open = false;
  let connecting = false;
  let closed = false;
  let failures = 0;
  let everOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function scheduleRetry() {
    if (closed || retryTimer !== undefined) return;
    const delay = reconnectDelay(failures, random);
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

  function onOpen(this: WebSocket) {
    if (socket !== this) return;
    open = true;
    failures = 0;
    onOpened?.(sendJson);
    onConnectedChange(true);
    if (everOpened) onReconnect();
    everOpened = true;
    pingTimer = setInterval(() => socket?.send(PING), PING_INTERVAL_MS);
  }

  function onClose(this: WebSocket) {
    if (socket !== this) return;
    socket = null;
    open = false;
    clearInterval(pingTimer);
    onConnectedChange(false);
    scheduleRetry();
  }

  function onData(event: MessageEvent) {
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
  }

  void connect();

  return {
    send: sendJson,
    wake() {
      if (closed || socket || connecting) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      void connect();
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const current = socket;
      socket = null;
      open = false;
      current?.close(1000);
    },
  };
}
