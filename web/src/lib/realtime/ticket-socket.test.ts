import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { PING_INTERVAL_MS, PING_MESSAGE } from '@shared/realtime/api';
import { openTicketSocket, reconnectDelay, type TicketSocketOptions } from './ticket-socket';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

function open(overrides: Partial<TicketSocketOptions> = {}) {
  let tickets = 0;
  const events = {
    messages: [] as unknown[],
    connected: [] as boolean[],
    reconnects: 0,
  };
  const socket = openTicketSocket({
    getTicket: () => Promise.resolve(`ticket-${(tickets += 1)}`),
    onMessage: (message) => events.messages.push(message),
    onConnectedChange: (connected) => events.connected.push(connected),
    onReconnect: () => (events.reconnects += 1),
    origin: 'https://app.example',
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    random: () => 1,
    ...overrides,
  });
  return { socket, events };
}

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, and jitter takes off at most half', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(reconnectDelay(2, () => 0)).toBe(2000);
  });

  it('stops at a shorter cap when given one (the room during a call)', () => {
    expect([0, 2, 3, 9].map((n) => reconnectDelay(n, () => 1, 5_000))).toEqual([
      1000, 4000, 5000, 5000,
    ]);
  });
});

describe('openTicketSocket: the heartbeat', () => {
  const heartbeat = { intervalMs: 10_000, timeoutMs: 5_000 };
  const sentBy = (ws: FakeWebSocket) => ws.sent.map((m) => JSON.parse(m) as unknown);

  async function openWithHeartbeat(overrides: Partial<TicketSocketOptions> = {}) {
    const opened = open({ heartbeat, maxDelayMs: 5_000, ...overrides });
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.latest!;
    ws.serverOpen();
    return { ...opened, ws };
  }

  it('pings every interval, and keeps a socket that answers', async () => {
    await openWithHeartbeat();
    const ws = FakeWebSocket.latest!;
    await vi.advanceTimersByTimeAsync(heartbeat.intervalMs);
    expect(sentBy(ws)).toEqual([PING_MESSAGE]);
    ws.serverSend({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(heartbeat.intervalMs);
    ws.serverSend({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(heartbeat.timeoutMs);
    expect(sentBy(ws)).toEqual([PING_MESSAGE, PING_MESSAGE]);
    expect(ws.closedByPage).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('drops a socket that does not answer within the deadline and reconnects at once', async () => {
    const { ws, events } = await openWithHeartbeat();
    await vi.advanceTimersByTimeAsync(heartbeat.intervalMs + heartbeat.timeoutMs - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // The browser never said it closed: the page closed it and did not wait out a backoff.
    expect(ws.closedByPage).toBe(true);
    expect(events.connected).toEqual([true, false]);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest!.url).toBe('wss://app.example/ws?ticket=ticket-2');
    FakeWebSocket.latest!.serverOpen();
    expect(events.reconnects).toBe(1);
    // A late message of the dropped socket is not taken.
    ws.serverSend({ type: 'LATE' });
    expect(events.messages).toEqual([]);
  });

  it('probe pings now with the deadline', async () => {
    const { socket, ws } = await openWithHeartbeat();
    socket.probe();
    expect(sentBy(ws)).toEqual([PING_MESSAGE]);
    await vi.advanceTimersByTimeAsync(heartbeat.timeoutMs);
    expect(ws.closedByPage).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it("a probe's own deadline shortens a pending ping's, never lengthens it", async () => {
    const { socket, ws } = await openWithHeartbeat({
      heartbeat: { ...heartbeat, probeTimeoutMs: 1_000 },
    });
    // The interval's ping is out, with its 5 s deadline; a probe 1 s later gives it 1 s more.
    await vi.advanceTimersByTimeAsync(heartbeat.intervalMs + 1_000);
    socket.probe();
    await vi.advanceTimersByTimeAsync(999);
    expect(ws.closedByPage).toBeFalsy();
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.closedByPage).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // A probe with a longer deadline than the one pending leaves the shorter one alone.
    const next = FakeWebSocket.latest!;
    next.serverOpen();
    await vi.advanceTimersByTimeAsync(heartbeat.intervalMs);
    await vi.advanceTimersByTimeAsync(heartbeat.timeoutMs - 500);
    socket.probe();
    await vi.advanceTimersByTimeAsync(500);
    expect(next.closedByPage).toBe(true);
  });

  it('reconnectNow replaces a socket that looks open', async () => {
    const { socket, ws } = await openWithHeartbeat();
    socket.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(ws.closedByPage).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('drops a handshake that hangs', async () => {
    open({ heartbeat });
    await vi.advanceTimersByTimeAsync(heartbeat.timeoutMs * 2 - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances[0]!.closedByPage).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('waits at most the cap between failed attempts', async () => {
    await openWithHeartbeat();
    for (let failure = 0; failure < 5; failure += 1) {
      const count = FakeWebSocket.instances.length;
      FakeWebSocket.latest!.serverClose();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(FakeWebSocket.instances).toHaveLength(count + 1);
    }
  });
});

describe('openTicketSocket', () => {
  it('connects with a fresh ticket on the secure scheme of an https page, and on ws otherwise', async () => {
    open({ origin: 'http://localhost:3000' });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.latest!.url).toBe('ws://localhost:3000/ws?ticket=ticket-1');
  });

  it('connects with a fresh ticket and hands over parsed messages', async () => {
    const { events } = open();
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.latest!;
    expect(ws.url).toBe('wss://app.example/ws?ticket=ticket-1');
    ws.serverOpen();
    ws.serverSend({ type: 'CASE_PAID_READY', case: { id: 'c1', triageSummary: 'x' } });
    ws.dispatchEvent(new MessageEvent('message', { data: 'not json' }));
    expect(events.connected).toEqual([true]);
    expect(events.messages).toEqual([
      { type: 'CASE_PAID_READY', case: { id: 'c1', triageSummary: 'x' } },
    ]);
    expect(events.reconnects).toBe(0);
  });

  it('runs onOpen on every open (the room says hello there), and sends only while open', async () => {
    const opened: number[] = [];
    const { socket } = open({
      onOpen: (send) => {
        opened.push(1);
        send({ action: 'hello', peerId: 'page-1' });
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeWebSocket.latest!;
    expect(socket.send({ action: 'early' })).toBe(false);
    first.serverOpen();
    expect(socket.send({ action: 'signal' })).toBe(true);
    expect(first.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { action: 'hello', peerId: 'page-1' },
      { action: 'signal' },
    ]);

    first.serverClose();
    expect(socket.send({ action: 'lost' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    FakeWebSocket.latest!.serverOpen();
    expect(opened).toHaveLength(2);
    expect(FakeWebSocket.latest!.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { action: 'hello', peerId: 'page-1' },
    ]);
  });

  it('pings every 5 minutes while open', async () => {
    open();
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.latest!;
    ws.serverOpen();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1);
    expect(ws.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sent.map((m) => JSON.parse(m) as unknown)).toEqual([PING_MESSAGE]);
  });

  it('reconnects with backoff and a new ticket after a drop, and reports the reconnect', async () => {
    const { events } = open();
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.latest!.serverOpen();
    FakeWebSocket.latest!.serverClose();
    expect(events.connected).toEqual([true, false]);

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // A second failure before opening waits twice as long.
    FakeWebSocket.latest!.serverClose();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const third = FakeWebSocket.latest!;
    expect(third.url).toBe('wss://app.example/ws?ticket=ticket-3');
    third.serverOpen();
    expect(events.reconnects).toBe(1);
    expect(events.connected.at(-1)).toBe(true);
  });

  it('retries when the ticket cannot be fetched', async () => {
    let calls = 0;
    open({
      getTicket: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('503')) : Promise.resolve('ok');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.latest?.url).toBe('wss://app.example/ws?ticket=ok');
  });

  it('wake connects at once instead of waiting out the backoff', async () => {
    const { socket } = open();
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.latest!.serverClose();
    socket.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // The pending retry was dropped: no third socket when its time comes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('close ends the connection for good', async () => {
    const { socket, events } = open();
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.latest!;
    ws.serverOpen();
    socket.close();
    expect(ws.closedByPage).toBe(true);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ws.sent).toEqual([]);
    expect(events.connected).toEqual([true]);
  });
});
