import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomSessionResponse } from '@shared/meetings/room';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { fakeStream, fakeTrack } from '@web/testing/fake-media';
import { FakePeerConnection } from '../testing/fake-peer-connection';
import { roomSession } from '../testing/room-fixtures';
import {
  ICE_DISCONNECTED_GRACE_MS,
  MAX_NEGOTIATION_STALL_MS,
  NEGOTIATION_STALL_MS,
  STATS_INTERVAL_MS,
  startRoomCall,
  type RoomCallOptions,
} from './room-call';

const PEER = 'my-peer-id-1';
const OTHER = 'other-peer-1';
const OTHER_RELOADED = 'other-peer-2';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  FakePeerConnection.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(overrides: Partial<RoomCallOptions> = {}) {
  let refreshes = 0;
  const events = {
    remote: [] as (MediaStream | null)[],
    started: [] as { endsAt: string }[],
    ended: 0,
    connection: [] as unknown[],
    rejoined: 0,
    replaced: 0,
  };
  const refreshSession = vi.fn((): Promise<RoomSessionResponse> =>
    Promise.resolve(
      roomSession({
        ticket: `ticket-${(refreshes += 1) + 1}`,
        iceServers: [{ urls: [`turn:fresh-${refreshes}.example`] }],
      }),
    ),
  );
  const call = startRoomCall({
    role: 'provider',
    session: roomSession(),
    refreshSession,
    localStream: fakeStream(fakeTrack('audio'), fakeTrack('video')),
    events: {
      onRemoteStream: (stream) => events.remote.push(stream),
      onStarted: (started) => events.started.push(started),
      onEnded: () => (events.ended += 1),
      onConnection: (quality) => events.connection.push(quality),
      onPeerRejoined: () => (events.rejoined += 1),
      onReplaced: () => (events.replaced += 1),
    },
    origin: 'https://app.example',
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    PeerConnectionImpl: FakePeerConnection as unknown as typeof RTCPeerConnection,
    random: () => 1,
    peerId: PEER,
    ...overrides,
  });
  return { call, events, refreshSession };
}

async function openSocket() {
  await vi.advanceTimersByTimeAsync(0);
  const socket = FakeWebSocket.latest!;
  socket.serverOpen();
  return socket;
}

const sentMessages = (socket: FakeWebSocket) =>
  socket.sent.map((text): unknown => JSON.parse(text));

describe('startRoomCall: signalling socket', () => {
  it("connects with the session's ticket and says hello once open", async () => {
    start();
    const socket = await openSocket();
    expect(socket.url).toBe('wss://app.example/ws?ticket=ticket-1');
    expect(sentMessages(socket)).toEqual([{ action: 'hello', peerId: PEER }]);
  });

  it('reconnects with a fresh session ticket and says hello again with the same peer id', async () => {
    const { refreshSession } = start();
    const first = await openSocket();
    first.serverClose();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    const second = FakeWebSocket.latest!;
    expect(second).not.toBe(first);
    expect(second.url).toBe('wss://app.example/ws?ticket=ticket-2');
    second.serverOpen();
    expect(sentMessages(second)).toEqual([{ action: 'hello', peerId: PEER }]);
  });

  it('ends when a fresh session says the meeting is over', async () => {
    const { events } = start({
      refreshSession: () => Promise.resolve(roomSession({ status: 'completed', ticket: null })),
    });
    (await openSocket()).serverClose();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events.ended).toBe(1);
  });
});

describe('startRoomCall: peer connections', () => {
  it("negotiates with a page that joins: the session's ICE servers, local tracks, an offer", async () => {
    start();
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const pc = FakePeerConnection.latest!;
    expect(pc.configuration).toEqual({
      iceServers: roomSession().iceServers,
      iceTransportPolicy: 'all',
    });
    expect(pc.tracks.map(({ track }) => track.kind)).toEqual(['audio', 'video']);
    pc.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentMessages(socket).at(-1)).toEqual({
      action: 'signal',
      peerId: PEER,
      signal: { description: { type: 'offer', sdp: 'offer-sdp-1' } },
    });
  });

  it("the doctor's page renews a connection whose ICE never started, under a new peer id, waiting longer each time", async () => {
    const ids = ['renewed-peer-1', 'renewed-peer-2'];
    start({ newPeerId: () => ids.shift()! });
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const first = FakePeerConnection.latest!;
    first.needNegotiation();
    await vi.advanceTimersByTimeAsync(NEGOTIATION_STALL_MS);
    // No answer came back (a lost signal, or a wedged browser on the other side).
    const second = FakePeerConnection.latest!;
    expect(second).not.toBe(first);
    expect(first.closed).toBe(true);
    second.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentMessages(socket).at(-1)).toMatchObject({
      action: 'signal',
      peerId: 'renewed-peer-1',
      signal: { description: { type: 'offer' } },
    });
    // The next renewal waits twice as long.
    await vi.advanceTimersByTimeAsync(NEGOTIATION_STALL_MS);
    expect(FakePeerConnection.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(NEGOTIATION_STALL_MS);
    expect(FakePeerConnection.instances).toHaveLength(3);

    // Once ICE has started, the watch is over.
    FakePeerConnection.latest!.setIceState('checking');
    await vi.advanceTimersByTimeAsync(MAX_NEGOTIATION_STALL_MS * 3);
    expect(FakePeerConnection.instances).toHaveLength(3);
  });

  it("the patient's page resends an unanswered offer but never renews or restarts on its own", async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'provider', peerId: OTHER });
    const pc = FakePeerConnection.latest!;
    pc.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    const offers = () =>
      sentMessages(socket).filter((message) => JSON.stringify(message).includes('"type":"offer"'))
        .length;
    expect(offers()).toBe(1);
    await vi.advanceTimersByTimeAsync(NEGOTIATION_STALL_MS);
    expect(offers()).toBe(2);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(pc.restartIce).not.toHaveBeenCalled();
  });

  it('a candidate that overtakes its offer creates no connection, and is applied after the offer', async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' };
    socket.serverSend({ type: 'SIGNAL', from: 'provider', peerId: OTHER, signal: { candidate } });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(0);
    socket.serverSend({
      type: 'SIGNAL',
      from: 'provider',
      peerId: OTHER,
      signal: { description: { type: 'offer', sdp: 'their-offer' } },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(FakePeerConnection.latest!.candidates).toEqual([candidate]);
    expect(sentMessages(socket).at(-1)).toMatchObject({
      signal: { description: { type: 'answer' } },
    });
  });

  it('asks to receive video and audio even without a camera or microphone', async () => {
    start({ localStream: fakeStream(fakeTrack('audio')) });
    (await openSocket()).serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const pc = FakePeerConnection.latest!;
    expect(pc.tracks.map(({ track }) => track.kind)).toEqual(['audio']);
    expect(pc.transceivers).toEqual([{ kind: 'video', direction: 'recvonly' }]);
  });

  it('creates the peer connection on the first signal and answers it (the patient is polite)', async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    socket.serverSend({
      type: 'SIGNAL',
      from: 'provider',
      peerId: OTHER,
      signal: { description: { type: 'offer', sdp: 'their-offer' } },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(sentMessages(socket).at(-1)).toEqual({
      action: 'signal',
      peerId: PEER,
      signal: { description: { type: 'answer', sdp: 'answer-sdp' } },
    });
  });

  it('hands the remote stream to the page', async () => {
    const { events } = start();
    (await openSocket()).serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const stream = fakeStream(fakeTrack('video'));
    FakePeerConnection.latest!.receiveTrack(stream);
    expect(events.remote.at(-1)).toBe(stream);
  });

  it('keeps the connection when the same page says hello again, starts afresh after a reload and says so', async () => {
    const { events } = start();
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const first = FakePeerConnection.latest!;
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(events.rejoined).toBe(0);

    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER_RELOADED });
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(first.closed).toBe(true);
    expect(events.remote.at(-1)).toBeNull();
    expect(events.rejoined).toBe(1);
  });

  it("waits for the start before negotiating, then negotiates with the page it knows, with the running call's ICE servers", async () => {
    const { events, refreshSession } = start({
      session: roomSession({ status: 'scheduled', endsAt: null, iceServers: [] }),
    });
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    expect(FakePeerConnection.instances).toHaveLength(0);
    socket.serverSend({
      type: 'MEETING_STARTED',
      startedAt: '2026-11-26T10:00:00.000Z',
      endsAt: '2026-11-26T10:15:00.000Z',
      serverTime: '2026-11-26T10:00:00.100Z',
    });
    expect(events.started).toEqual([
      { startedAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T10:15:00.000Z' },
    ]);
    // The session entered before the start had no TURN credentials: a fresh one first.
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(FakePeerConnection.latest!.configuration).toEqual({
      iceServers: [{ urls: ['turn:fresh-1.example'] }],
      iceTransportPolicy: 'all',
    });
  });

  it("holds an offer that arrives before this page has the running call's ICE servers", async () => {
    const gate: { open?: () => void } = {};
    const { call } = start({
      role: 'patient',
      session: roomSession({ status: 'scheduled', endsAt: null, iceServers: [] }),
      refreshSession: () =>
        new Promise((resolve) => {
          gate.open = () => resolve(roomSession({ ticket: 'ticket-2' }));
        }),
    });
    const socket = await openSocket();
    call.markStarted({ startedAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T10:15:00.000Z' });
    const offer = { type: 'offer' as const, sdp: 'v=0 remote' };
    socket.serverSend({
      type: 'SIGNAL',
      from: 'provider',
      peerId: OTHER,
      signal: { description: offer },
    });
    expect(FakePeerConnection.instances).toHaveLength(0);
    gate.open!();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(FakePeerConnection.latest!.configuration.iceServers).toEqual(roomSession().iceServers);
    expect(FakePeerConnection.latest!.remoteDescription).toMatchObject(offer);
  });
});

describe('startRoomCall: markStarted', () => {
  it("starts like MEETING_STARTED (the page's own start-timer answer), once", async () => {
    const { call, events } = start({ session: roomSession({ status: 'scheduled', endsAt: null }) });
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const times = { startedAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T10:15:00.000Z' };
    call.markStarted(times);
    socket.serverSend({ type: 'MEETING_STARTED', ...times, serverTime: times.startedAt });
    await vi.advanceTimersByTimeAsync(0);
    expect(events.started).toEqual([times]);
    expect(FakePeerConnection.instances).toHaveLength(1);
  });
});

describe('startRoomCall: recovery after a drop', () => {
  async function connected() {
    const started = start();
    (await openSocket()).serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    return { ...started, pc: FakePeerConnection.latest! };
  }

  it('on ICE failure fetches fresh credentials, sets them, then restarts ICE', async () => {
    const { pc, refreshSession } = await connected();
    pc.setIceState('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(pc.setConfiguration).toHaveBeenCalledWith({
      iceServers: [{ urls: ['turn:fresh-1.example'] }],
      iceTransportPolicy: 'all',
    });
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    expect(pc.setConfiguration.mock.invocationCallOrder[0]).toBeLessThan(
      pc.restartIce.mock.invocationCallOrder[0]!,
    );
  });

  it('restarts after a disconnection that lasts, not after one that heals', async () => {
    const { pc } = await connected();
    pc.setIceState('disconnected');
    await vi.advanceTimersByTimeAsync(ICE_DISCONNECTED_GRACE_MS - 1);
    pc.setIceState('connected');
    await vi.advanceTimersByTimeAsync(ICE_DISCONNECTED_GRACE_MS);
    expect(pc.restartIce).not.toHaveBeenCalled();

    pc.setIceState('disconnected');
    await vi.advanceTimersByTimeAsync(ICE_DISCONNECTED_GRACE_MS);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
  });

  it('keeps signals made while its socket is down, and sends them after the hello', async () => {
    start();
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const pc = FakePeerConnection.latest!;
    socket.serverClose();
    pc.gatherCandidate({ candidate: 'candidate:7', sdpMid: '0' });
    await vi.advanceTimersByTimeAsync(1_000);
    const again = FakeWebSocket.latest!;
    expect(again).not.toBe(socket);
    again.serverOpen();
    expect(sentMessages(again)).toEqual([
      { action: 'hello', peerId: PEER },
      {
        action: 'signal',
        peerId: PEER,
        signal: { candidate: { candidate: 'candidate:7', sdpMid: '0' } },
      },
    ]);
  });

  it('when the other page is back (same peer id), resends an unanswered offer and restarts a broken path', async () => {
    const { socket, pc } = await (async () => {
      start();
      const opened = await openSocket();
      opened.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
      return { socket: opened, pc: FakePeerConnection.latest! };
    })();
    pc.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    const offers = () =>
      sentMessages(socket).filter(
        (message) =>
          (message as { signal?: { description?: { type: string } } }).signal?.description?.type ===
          'offer',
      );
    expect(offers()).toHaveLength(1);
    pc.iceConnectionState = 'disconnected';
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    await vi.advanceTimersByTimeAsync(0);
    expect(offers()).toHaveLength(2);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it('reports the connection from getStats every couple of seconds', async () => {
    const { pc, events } = await connected();
    pc.stats = new Map<string, unknown>([
      ['T', { id: 'T', type: 'transport', selectedCandidatePairId: 'P' }],
      [
        'P',
        {
          id: 'P',
          type: 'candidate-pair',
          localCandidateId: 'L',
          remoteCandidateId: 'R',
          currentRoundTripTime: 0.012,
        },
      ],
      ['L', { id: 'L', type: 'local-candidate', candidateType: 'relay' }],
      ['R', { id: 'R', type: 'remote-candidate', candidateType: 'host' }],
    ]);
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    expect(events.connection.at(-1)).toEqual({ path: 'relayed', rttMs: 12 });
  });
});

describe('startRoomCall: the end', () => {
  it.each([
    ['MEETING_ENDED', { type: 'MEETING_ENDED', endedAt: '2026-11-26T10:15:00Z', reason: 'timer' }],
    ['SIGNAL_REFUSED ended', { type: 'SIGNAL_REFUSED', reason: 'ended' }],
  ])('%s closes the peer connection and the socket, once', async (_name, message) => {
    const { events } = start();
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    socket.serverSend(message);
    socket.serverSend(message);
    expect(events.ended).toBe(1);
    expect(FakePeerConnection.latest!.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
  });

  it('ROOM_REPLACED (the room opened on another page) stops the call for good, without an end', async () => {
    const { events } = start();
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    socket.serverSend({ type: 'ROOM_REPLACED' });
    socket.serverClose();
    expect(events.replaced).toBe(1);
    expect(events.ended).toBe(0);
    expect(FakePeerConnection.latest!.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    // The server closed it, and no new socket takes the room back from the other page.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('a refusal before the start is not the end', async () => {
    const { events } = start();
    (await openSocket()).serverSend({ type: 'SIGNAL_REFUSED', reason: 'not_started' });
    expect(events.ended).toBe(0);
  });

  it('close() stops everything without reporting an end', async () => {
    const { call, events } = start();
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    call.close();
    expect(FakePeerConnection.latest!.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(events.ended).toBe(0);
  });
});
