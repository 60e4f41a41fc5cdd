import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomSessionResponse } from '@shared/meetings/room';
import {
  ROOM_HEARTBEAT_INTERVAL_MS,
  ROOM_HEARTBEAT_TIMEOUT_MS,
  type MediaState,
} from '@shared/meetings/signalling';
import { PING_MESSAGE } from '@shared/realtime/api';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { fakeStream, fakeTrack } from '@web/testing/fake-media';
import { FakePeerConnection } from '../testing/fake-peer-connection';
import { roomSession } from '../testing/room-fixtures';
import { selectedPath, statsReport } from '../testing/stats-report';
import { ICE_DISCONNECTED_GRACE_MS, NEGOTIATION_STALL_MS } from './call-machine';
import { STATS_INTERVAL_MS, startRoomCall, type RoomCallOptions } from './room-call';
import type { WakeSources } from './wake-events';

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

function wakeSources() {
  const visibilityState: DocumentVisibilityState = 'visible';
  const document = Object.assign(new EventTarget(), { visibilityState });
  return {
    window: new EventTarget(),
    document,
    connection: new EventTarget(),
  } satisfies WakeSources;
}

function start(overrides: Partial<RoomCallOptions> = {}) {
  let refreshes = 0;
  const events = {
    remote: [] as (MediaStream | null)[],
    started: [] as { endsAt: string }[],
    ended: 0,
    connection: [] as unknown[],
    rejoined: 0,
    replaced: 0,
    states: [] as (string | null)[],
    peerMedia: [] as (MediaState | null)[],
    extended: [] as { endsAt: string }[],
  };
  const refreshSession = vi.fn((): Promise<RoomSessionResponse> =>
    Promise.resolve(
      roomSession({
        ticket: `ticket-${(refreshes += 1) + 1}`,
        iceServers: [{ urls: [`turn:fresh-${refreshes}.example`] }],
      }),
    ),
  );
  const wake = wakeSources();
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
      onCallState: (state) => events.states.push(state),
      onPeerMedia: (state) => events.peerMedia.push(state),
      onExtended: (extended) => events.extended.push(extended),
    },
    origin: 'https://app.example',
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    PeerConnectionImpl: FakePeerConnection as unknown as typeof RTCPeerConnection,
    random: () => 1,
    peerId: PEER,
    wakeSources: wake,
    ...overrides,
  });
  return { call, events, refreshSession, wake };
}

async function openSocket() {
  await vi.advanceTimersByTimeAsync(0);
  const socket = FakeWebSocket.latest!;
  socket.serverOpen();
  return socket;
}

type Sent = { action: string; peerId?: string; to?: string; seq?: number; signal?: never };
const sentMessages = (socket: FakeWebSocket) => socket.sent.map((text) => JSON.parse(text) as Sent);
const signalsOf = (socket: FakeWebSocket) =>
  sentMessages(socket).filter((message) => message.action === 'signal');
const offersOf = (socket: FakeWebSocket) =>
  signalsOf(socket).filter((message) => JSON.stringify(message).includes('"type":"offer"'));

/** A signal from the other page, relayed by the server to this one. */
function relay(socket: FakeWebSocket, signal: unknown, seq: number, from = OTHER, to = PEER) {
  socket.serverSend({ type: 'SIGNAL', from: 'provider', peerId: from, to, seq, signal });
}
const theirOffer = (sdp = 'their-offer') => ({ description: { type: 'offer', sdp } });

/** The doctor's page with the patient's page joined: its peer connection and its offer out. */
async function doctorOffering() {
  const started = start();
  const socket = await openSocket();
  socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
  const pc = FakePeerConnection.latest!;
  pc.needNegotiation();
  await vi.advanceTimersByTimeAsync(0);
  return { ...started, socket, pc };
}

/** The doctor's page connected with the patient's. */
async function doctorConnected() {
  const offering = await doctorOffering();
  relay(offering.socket, { description: { type: 'answer', sdp: 'their-answer' } }, 1);
  await vi.advanceTimersByTimeAsync(0);
  offering.pc.setIceState('connected');
  return offering;
}

/** The patient's page, answered the doctor's offer, connected. */
async function patientConnected() {
  const started = start({ role: 'patient' });
  const socket = await openSocket();
  relay(socket, theirOffer(), 1);
  await vi.advanceTimersByTimeAsync(0);
  const pc = FakePeerConnection.latest!;
  pc.setIceState('connected');
  return { ...started, socket, pc };
}

describe('startRoomCall: the signalling socket', () => {
  it("connects with the session's ticket and says hello once open", async () => {
    start();
    const socket = await openSocket();
    expect(socket.url).toBe('wss://app.example/ws?ticket=ticket-1');
    expect(sentMessages(socket)).toEqual([
      { action: 'hello', peerId: PEER },
      // The meeting runs: whether media flows (not yet) goes after each hello.
      { action: 'media', peerId: PEER, flowing: false },
    ]);
  });

  it('reconnects with a fresh session ticket and says hello again with the same peer id', async () => {
    const { refreshSession } = start({ session: roomSession({ status: 'scheduled' }) });
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

  it('has a heartbeat: a socket without an answer is replaced at once', async () => {
    start();
    const socket = await openSocket();
    await vi.advanceTimersByTimeAsync(ROOM_HEARTBEAT_INTERVAL_MS);
    expect(sentMessages(socket).at(-1)).toEqual(PING_MESSAGE);
    await vi.advanceTimersByTimeAsync(ROOM_HEARTBEAT_TIMEOUT_MS);
    expect(socket.closedByPage).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('replaces the socket when the device is online again or changed network', async () => {
    const { wake } = start();
    const first = await openSocket();
    wake.window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.closedByPage).toBe(true);
    FakeWebSocket.latest!.serverOpen();
    wake.connection.dispatchEvent(new Event('change'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('probes the socket when the page is shown again, and replaces it if it does not answer', async () => {
    const { wake } = start();
    const socket = await openSocket();
    wake.document.dispatchEvent(new Event('visibilitychange'));
    expect(sentMessages(socket).at(-1)).toEqual(PING_MESSAGE);
    socket.serverSend({ type: 'PONG' });
    wake.window.dispatchEvent(new Event('pageshow'));
    await vi.advanceTimersByTimeAsync(ROOM_HEARTBEAT_TIMEOUT_MS);
    expect(socket.closedByPage).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});

describe('startRoomCall: only the doctor offers', () => {
  it('the doctor offers to a page that joins, addressed to it, with a rising seq', async () => {
    const { socket, pc } = await doctorOffering();
    expect(pc.configuration).toEqual({
      iceServers: roomSession().iceServers,
      iceTransportPolicy: 'all',
    });
    expect(pc.tracks.map(({ track }) => track.kind)).toEqual(['audio', 'video']);
    pc.gatherCandidate({ candidate: 'candidate:1', sdpMid: '0' });
    expect(signalsOf(socket)).toEqual([
      {
        action: 'signal',
        peerId: PEER,
        to: OTHER,
        seq: 1,
        signal: { description: { type: 'offer', sdp: 'offer-sdp-1' } },
      },
      {
        action: 'signal',
        peerId: PEER,
        to: OTHER,
        seq: 2,
        signal: { candidate: { candidate: 'candidate:1', sdpMid: '0' } },
      },
    ]);
  });

  it("the patient's page makes no peer connection when the doctor joins; it says hello back", async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'provider', peerId: OTHER });
    expect(FakePeerConnection.instances).toHaveLength(0);
    expect(sentMessages(socket).filter((message) => message.action === 'hello')).toHaveLength(2);
    expect(signalsOf(socket)).toEqual([]);
  });

  it("the patient's page answers the doctor's offer on a connection it makes for it", async () => {
    const { socket, pc } = await patientConnected();
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(pc.offers).toBe(0);
    expect(signalsOf(socket)[0]).toEqual({
      action: 'signal',
      peerId: PEER,
      to: OTHER,
      seq: 1,
      signal: { description: { type: 'answer', sdp: 'answer-sdp' } },
    });
  });

  it('both pages present at the start: exactly one offer, and no rollback', async () => {
    const times = { startedAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T10:15:00.000Z' };
    const before = { session: roomSession({ status: 'scheduled', endsAt: null, iceServers: [] }) };
    start({ ...before, peerId: 'doctor-page' });
    const doctorSocket = await openSocket();
    start({ ...before, role: 'patient', peerId: 'patient-page' });
    const patientSocket = await openSocket();
    doctorSocket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: 'patient-page' });
    patientSocket.serverSend({ type: 'PEER_JOINED', role: 'provider', peerId: 'doctor-page' });
    const started = { type: 'MEETING_STARTED', ...times, serverTime: times.startedAt };
    doctorSocket.serverSend(started);
    patientSocket.serverSend(started);
    await vi.advanceTimersByTimeAsync(0);
    // Only the doctor's page made a peer connection; the browser asks it to negotiate.
    expect(FakePeerConnection.instances).toHaveLength(1);
    const doctorPc = FakePeerConnection.latest!;
    doctorPc.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    const [offer] = signalsOf(doctorSocket);
    patientSocket.serverSend({ type: 'SIGNAL', from: 'provider', ...offer });
    await vi.advanceTimersByTimeAsync(0);
    const patientPc = FakePeerConnection.latest!;
    const [answer] = signalsOf(patientSocket);
    doctorSocket.serverSend({ type: 'SIGNAL', from: 'patient', ...answer });
    await vi.advanceTimersByTimeAsync(0);

    expect(offersOf(doctorSocket)).toHaveLength(1);
    expect(offersOf(patientSocket)).toHaveLength(0);
    expect(patientPc.offers).toBe(0);
    expect(doctorPc.signalingState).toBe('stable');
    expect(doctorPc.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' });
  });
});

describe('startRoomCall: the order and address of signals', () => {
  it('drops a signal addressed to another page: it makes no peer connection', async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    relay(socket, theirOffer(), 1, OTHER, 'my-old-page');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(0);
  });

  it('never applies a description that a newer one overtook', async () => {
    const { socket, pc } = await patientConnected();
    relay(socket, theirOffer('restart-offer-2'), 5);
    await vi.advanceTimersByTimeAsync(0);
    relay(socket, theirOffer('restart-offer-1'), 4);
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'restart-offer-2' });
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it('an answer from a page it is not talking to makes no peer connection', async () => {
    const { socket } = await doctorOffering();
    relay(socket, { description: { type: 'answer', sdp: 'stray' } }, 1, 'stray-page');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(offersOf(socket)).toHaveLength(1);
  });

  it("on the patient's page, only an offer makes a peer connection, never an answer", async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    relay(socket, { description: { type: 'answer', sdp: 'stray' } }, 1, 'stray-page');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(0);
    expect(signalsOf(socket)).toEqual([]);
  });

  it('a candidate that overtakes its offer creates no connection, and is applied after the offer', async () => {
    start({ role: 'patient' });
    const socket = await openSocket();
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' };
    relay(socket, { candidate }, 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(0);
    relay(socket, theirOffer(), 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(FakePeerConnection.latest!.candidates).toEqual([candidate]);
  });

  it('the same offer again (its answer was lost): the same answer again', async () => {
    const { socket } = await patientConnected();
    relay(socket, theirOffer(), 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(signalsOf(socket).map((message) => message.signal)).toEqual([
      { description: { type: 'answer', sdp: 'answer-sdp' } },
      { description: { type: 'answer', sdp: 'answer-sdp' } },
    ]);
  });
});

describe('startRoomCall: pages coming and going', () => {
  it('asks to receive video and audio even without a camera or microphone', async () => {
    start({ localStream: fakeStream(fakeTrack('audio')) });
    (await openSocket()).serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const pc = FakePeerConnection.latest!;
    expect(pc.tracks.map(({ track }) => track.kind)).toEqual(['audio']);
    expect(pc.transceivers).toEqual([{ kind: 'video', direction: 'recvonly' }]);
  });

  it("the patient's page without a camera adds no transceiver of its own: the doctor's offer makes it", async () => {
    start({ role: 'patient', localStream: fakeStream(fakeTrack('audio')) });
    relay(await openSocket(), theirOffer(), 1);
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.latest!;
    expect(pc.transceivers).toEqual([]);
    expect(pc.getTransceivers().map((each) => [each.receiver.track.kind, each.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'recvonly'],
    ]);
    expect(pc.localDescription?.type).toBe('answer');
  });

  it("a camera the patient's page got before the offer goes out with the first answer", async () => {
    const { call } = start({ role: 'patient', localStream: fakeStream(fakeTrack('audio')) });
    const socket = await openSocket();
    const camera = fakeTrack('video') as unknown as MediaStreamTrack;
    await call.replaceTrack('video', camera);
    relay(socket, theirOffer(), 1);
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.latest!;
    expect(pc.tracks.map(({ track }) => track.kind)).toEqual(['audio', 'video']);
    expect(pc.sender('video').track).toBe(camera);
    expect(pc.transceivers).toEqual([]);
  });

  it("a camera the patient's page gets during the call is sent on the offer's video transceiver", async () => {
    const { call } = start({ role: 'patient', localStream: fakeStream(fakeTrack('audio')) });
    relay(await openSocket(), theirOffer(), 1);
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.latest!;
    const camera = fakeTrack('video') as unknown as MediaStreamTrack;
    await call.replaceTrack('video', camera);
    expect(pc.getTransceivers().map((each) => [each.receiver.track.kind, each.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);
    expect(pc.sender('video').replaceTrack).toHaveBeenCalledWith(camera);
  });

  it('hands the remote stream to the page', async () => {
    const { events, pc } = await doctorConnected();
    const stream = fakeStream(fakeTrack('video'));
    pc.receiveTrack(stream);
    expect(events.remote.at(-1)).toBe(stream);
  });

  it('keeps the connection when the same page says hello again, offers afresh to a new page and says so', async () => {
    const { events, socket, pc: first } = await doctorConnected();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(events.rejoined).toBe(0);

    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER_RELOADED });
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(first.closed).toBe(true);
    expect(events.remote.at(-1)).toBeNull();
    expect(events.rejoined).toBe(1);
    FakePeerConnection.latest!.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    expect(offersOf(socket).at(-1)).toMatchObject({ to: OTHER_RELOADED });
    // The old page's late answer is not applied to the new connection.
    relay(socket, { description: { type: 'answer', sdp: 'old' } }, 9);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.latest!.remoteDescription).toBeNull();
  });

  it("waits for the start before negotiating, then offers to the page it knows, with the running call's ICE servers", async () => {
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
    expect(events.states).toEqual(['connecting']);
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
    relay(socket, theirOffer('v=0 remote'), 1);
    expect(FakePeerConnection.instances).toHaveLength(0);
    gate.open!();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(FakePeerConnection.latest!.configuration.iceServers).toEqual(roomSession().iceServers);
    expect(FakePeerConnection.latest!.remoteDescription).toEqual({
      type: 'offer',
      sdp: 'v=0 remote',
    });
  });

  it("starts like MEETING_STARTED on the page's own start-timer answer, once", async () => {
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

describe("startRoomCall: the doctor's new page, on the patient's side", () => {
  it("takes the new page's offer on a new connection, never on the old page's", async () => {
    const { socket, pc: old } = await patientConnected();
    socket.serverSend({ type: 'PEER_JOINED', role: 'provider', peerId: OTHER_RELOADED });
    const candidate = { candidate: 'candidate:new-page', sdpMid: '0' };
    relay(socket, { candidate }, 2, OTHER_RELOADED);
    await vi.advanceTimersByTimeAsync(0);
    expect(old.candidates).toEqual([]);
    relay(socket, theirOffer('new-page-offer'), 1, OTHER_RELOADED);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakePeerConnection.instances).toHaveLength(2);
    expect(old.closed).toBe(true);
    const fresh = FakePeerConnection.latest!;
    expect(fresh.remoteDescription).toEqual({ type: 'offer', sdp: 'new-page-offer' });
    expect(fresh.candidates).toEqual([candidate]);
    expect(signalsOf(socket).at(-1)).toMatchObject({
      to: OTHER_RELOADED,
      signal: { description: { type: 'answer' } },
    });
  });
});

describe('startRoomCall: a stuck negotiation', () => {
  it("the doctor's page renews a connection whose offer got no answer, under a new peer id", async () => {
    const ids = ['renewed-peer-1'];
    start({ newPeerId: () => ids.shift()! });
    const socket = await openSocket();
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    const first = FakePeerConnection.latest!;
    first.needNegotiation();
    await vi.advanceTimersByTimeAsync(NEGOTIATION_STALL_MS);
    const second = FakePeerConnection.latest!;
    expect(second).not.toBe(first);
    expect(first.closed).toBe(true);
    second.needNegotiation();
    await vi.advanceTimersByTimeAsync(0);
    expect(offersOf(socket).at(-1)).toMatchObject({ peerId: 'renewed-peer-1', to: OTHER });
  });

  it('does not renew an answered connection while the relay candidates are slow', async () => {
    const { socket, pc } = await doctorOffering();
    relay(socket, { description: { type: 'answer', sdp: 'their-answer' } }, 1);
    await vi.advanceTimersByTimeAsync(NEGOTIATION_STALL_MS * 3 - 1);
    expect(FakePeerConnection.instances).toHaveLength(1);
    relay(socket, { candidate: { candidate: 'candidate:relay', sdpMid: '0' } }, 2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakePeerConnection.instances).toHaveLength(1);
    expect(pc.closed).toBe(false);
  });
});

describe('startRoomCall: recovery after a drop', () => {
  it('on ICE failure the doctor fetches fresh credentials, sets them, then restarts ICE', async () => {
    const { pc, refreshSession, events } = await doctorConnected();
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
    expect(events.states).toEqual(['connected', 'reconnecting']);
  });

  it('re-sends an unanswered restart offer, with backoff, until it is answered', async () => {
    const { pc, socket } = await doctorConnected();
    pc.setIceState('failed');
    await vi.advanceTimersByTimeAsync(0);
    pc.needNegotiation(); // restartIce() asks for the restart offer
    await vi.advanceTimersByTimeAsync(0);
    expect(offersOf(socket)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(offersOf(socket)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(offersOf(socket)).toHaveLength(4);
    expect(offersOf(socket).at(-1)).toMatchObject({
      signal: { description: { type: 'offer', sdp: 'offer-sdp-2' } },
    });
    relay(socket, { description: { type: 'answer', sdp: 'restart-answer' } }, 3);
    await vi.advanceTimersByTimeAsync(0);
    pc.setIceState('connected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(offersOf(socket)).toHaveLength(4);
  });

  it('restarts after a disconnection that lasts, not after one that heals, and probes the socket', async () => {
    const { pc, socket } = await doctorConnected();
    pc.setIceState('disconnected');
    expect(sentMessages(socket).at(-1)).toEqual(PING_MESSAGE);
    socket.serverSend({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(ICE_DISCONNECTED_GRACE_MS - 1);
    pc.setIceState('connected');
    await vi.advanceTimersByTimeAsync(ICE_DISCONNECTED_GRACE_MS);
    expect(pc.restartIce).not.toHaveBeenCalled();

    pc.setIceState('disconnected');
    socket.serverSend({ type: 'PONG' });
    await vi.advanceTimersByTimeAsync(ICE_DISCONNECTED_GRACE_MS);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
  });

  it("the patient's page asks the doctor for a restart, again while none comes, and never restarts itself", async () => {
    const { pc, socket } = await patientConnected();
    pc.setIceState('failed');
    const requests = () =>
      signalsOf(socket).filter((message) => JSON.stringify(message).includes('"request"'));
    expect(requests()).toHaveLength(1);
    expect(requests()[0]).toMatchObject({ to: OTHER, signal: { request: 'restart' } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(requests()).toHaveLength(2);
    expect(pc.restartIce).not.toHaveBeenCalled();
    expect(pc.offers).toBe(0);
  });

  it("the doctor's page restarts when the patient's page asks", async () => {
    const { pc, socket } = await doctorConnected();
    relay(socket, { request: 'restart' }, 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
  });

  it('keeps signals made while its socket is down, and sends them after the hello', async () => {
    const { socket, pc } = await doctorOffering();
    socket.serverClose();
    pc.gatherCandidate({ candidate: 'candidate:7', sdpMid: '0' });
    await vi.advanceTimersByTimeAsync(1_000);
    const again = FakeWebSocket.latest!;
    expect(again).not.toBe(socket);
    again.serverOpen();
    expect(sentMessages(again).slice(0, 2)).toEqual([
      { action: 'hello', peerId: PEER },
      {
        action: 'signal',
        peerId: PEER,
        to: OTHER,
        seq: 2,
        signal: { candidate: { candidate: 'candidate:7', sdpMid: '0' } },
      },
    ]);
  });

  it('after its own socket is back, the doctor resends its unanswered offer', async () => {
    const { socket } = await doctorOffering();
    socket.serverClose();
    await vi.advanceTimersByTimeAsync(1_000);
    const again = FakeWebSocket.latest!;
    again.serverOpen();
    expect(offersOf(again)).toHaveLength(1);
  });

  it('when the other page is back (same peer id), resends an unanswered offer and restarts a broken path', async () => {
    const { socket, pc } = await doctorOffering();
    expect(offersOf(socket)).toHaveLength(1);
    pc.setIceState('disconnected');
    socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: OTHER });
    await vi.advanceTimersByTimeAsync(0);
    expect(offersOf(socket)).toHaveLength(2);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    expect(FakePeerConnection.instances).toHaveLength(1);
  });

  it('shows failed after the restarts are spent, and Try Again starts a fresh attempt', async () => {
    const { pc, call, events } = await doctorConnected();
    pc.setIceState('failed');
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 * 3);
    expect(events.states.at(-1)).toBe('failed');
    call.retry();
    expect(events.states.at(-1)).toBe('connecting');
    expect(FakePeerConnection.instances).toHaveLength(2);
  });

  it('reports the connection from getStats every couple of seconds', async () => {
    const { pc, events } = await doctorConnected();
    pc.stats = statsReport(...selectedPath('relay', 'host', { currentRoundTripTime: 0.012 }));
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    expect(events.connection.at(-1)).toMatchObject({ path: 'relayed', rttMs: 12 });
  });
});

describe("startRoomCall: the other parts' protocol", () => {
  const mediaReports = (socket: FakeWebSocket) =>
    sentMessages(socket).filter((message) => message.action === 'media');

  it('reports whether media flows: on each change and after each hello', async () => {
    const { pc, socket } = await doctorConnected();
    expect(mediaReports(socket)).toEqual([{ action: 'media', peerId: PEER, flowing: false }]);
    pc.receiveTrack(fakeStream(fakeTrack('video')));
    expect(mediaReports(socket).at(-1)).toEqual({ action: 'media', peerId: PEER, flowing: true });
    pc.setIceState('disconnected');
    expect(mediaReports(socket).at(-1)).toEqual({ action: 'media', peerId: PEER, flowing: false });
    pc.setIceState('connected');
    socket.serverClose();
    await vi.advanceTimersByTimeAsync(1_000);
    const again = FakeWebSocket.latest!;
    again.serverOpen();
    expect(mediaReports(again)).toEqual([{ action: 'media', peerId: PEER, flowing: true }]);
  });

  it('sends no media report before the meeting runs', async () => {
    start({ session: roomSession({ status: 'scheduled', endsAt: null }) });
    const socket = await openSocket();
    expect(mediaReports(socket)).toEqual([]);
  });

  it('sends its microphone / camera state on a change and once connected; reports the peer’s', async () => {
    const { call, socket, pc, events } = await doctorOffering();
    call.setLocalMediaState({ audio: true, video: false });
    relay(socket, { description: { type: 'answer', sdp: 'a' } }, 1);
    await vi.advanceTimersByTimeAsync(0);
    pc.setIceState('connected');
    call.setLocalMediaState({ audio: false, video: false });
    const media = signalsOf(socket).filter((message) =>
      JSON.stringify(message).includes('"media"'),
    );
    expect(media.map((message) => message.signal)).toEqual([
      { media: { audio: true, video: false } },
      { media: { audio: true, video: false } },
      { media: { audio: false, video: false } },
    ]);
    relay(socket, { media: { audio: false, video: true } }, 2);
    expect(events.peerMedia.at(-1)).toEqual({ audio: false, video: true });
    relay(socket, { media: { audio: true, video: true } }, 3, 'old-page');
    expect(events.peerMedia.at(-1)).toEqual({ audio: false, video: true });
  });

  it('MEETING_EXTENDED hands the new endsAt to the page', async () => {
    const { socket, events } = await doctorConnected();
    socket.serverSend({
      type: 'MEETING_EXTENDED',
      endsAt: '2026-11-26T10:17:00.000Z',
      extendedBySeconds: 120,
      serverTime: '2026-11-26T10:10:00.000Z',
    });
    expect(events.extended).toEqual([
      { endsAt: '2026-11-26T10:17:00.000Z', serverTime: '2026-11-26T10:10:00.000Z' },
    ]);
  });

  it('replaceTrack swaps the sent track without a new offer', async () => {
    const { call, pc, socket } = await doctorConnected();
    const camera = fakeTrack('video') as unknown as MediaStreamTrack;
    await call.replaceTrack('video', camera);
    expect(pc.sender('video').replaceTrack).toHaveBeenCalledWith(camera);
    expect(offersOf(socket)).toHaveLength(1);
  });

  it('caps the video at 800 kbps with the audio first once connected, and applies a new limit', async () => {
    const { call, pc } = await doctorConnected();
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.sender('video').parameters.encodings[0]).toEqual({
      maxBitrate: 800_000,
      active: true,
    });
    expect(pc.sender('audio').parameters.encodings[0]).toEqual({
      priority: 'high',
      networkPriority: 'high',
    });
    await call.setVideoSendLimit({ maxBitrateBps: 150_000, active: false });
    expect(pc.sender('video').parameters.encodings[0]).toEqual({
      maxBitrate: 150_000,
      active: false,
    });
    await call.setVideoSendLimit({ maxBitrateBps: null, active: true });
    expect(pc.sender('video').parameters.encodings[0]).toEqual({ active: true });
  });
});

describe('startRoomCall: the end', () => {
  it.each([
    ['MEETING_ENDED', { type: 'MEETING_ENDED', endedAt: '2026-11-26T10:15:00Z', reason: 'timer' }],
    ['SIGNAL_REFUSED ended', { type: 'SIGNAL_REFUSED', reason: 'ended' }],
  ])('%s closes the peer connection and the socket, once', async (_name, message) => {
    const { events, socket, pc } = await doctorConnected();
    socket.serverSend(message);
    socket.serverSend(message);
    expect(events.ended).toBe(1);
    expect(pc.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    expect(events.states.at(-1)).toBeNull();
  });

  it('ROOM_REPLACED (the room opened on another page) stops the call for good, without an end', async () => {
    const { events, socket, pc } = await doctorConnected();
    socket.serverSend({ type: 'ROOM_REPLACED' });
    socket.serverClose();
    expect(events.replaced).toBe(1);
    expect(events.ended).toBe(0);
    expect(pc.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('a refusal before the start is not the end', async () => {
    const { events } = start();
    (await openSocket()).serverSend({ type: 'SIGNAL_REFUSED', reason: 'not_started' });
    expect(events.ended).toBe(0);
  });

  it('close() stops everything without reporting an end', async () => {
    const { call, events, socket, pc, wake } = await doctorConnected();
    call.close();
    expect(pc.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    wake.window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(events.ended).toBe(0);
  });
});
