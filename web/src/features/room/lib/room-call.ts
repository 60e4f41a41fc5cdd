import type { RoomRole, RoomSessionResponse } from '@shared/meetings/room';
import {
  roomServerMessageSchema,
  type RoomServerMessage,
  type Signal,
} from '@shared/meetings/signalling';
import { openTicketSocket, type TicketSocket } from '@web/lib/realtime/ticket-socket';
import { readConnection, type ConnectionQuality } from './connection-stats';
import { attachPerfectNegotiation, type Negotiation } from './perfect-negotiation';

/**
 * The call of one room page, without React (DESIGN.md §7): the `/ws` signalling socket, the
 * `RTCPeerConnection` with perfect negotiation (the patient is polite), the connection stats
 * and the recovery after a network drop. The page gives it the session it entered with, a way
 * to fetch a fresh one, and its local media; it reports back through `events`.
 *
 * - The socket connects with the session's single-use ticket; each reconnect fetches a fresh
 *   session for a fresh ticket, and says hello again with the same `peerId`.
 * - `PEER_JOINED` with an unknown `peerId` (the other page loaded or reloaded) starts a fresh
 *   peer connection and negotiates; an offer or answer from an unknown `peerId` does too. A
 *   candidate from an unknown `peerId` creates nothing: relayed messages can overtake each other,
 *   so it is held until its offer arrives.
 * - No peer connection is made before the meeting is active: the server refuses signals then,
 *   and hands out TURN credentials only while the meeting runs (docs/adr/0013-room-
 *   connections.md), so at the start a fresh session is fetched first; signals that arrive
 *   meanwhile wait for it.
 * - One live room page per party: when this party opens the room on another page, the server
 *   says `ROOM_REPLACED` and closes this socket; the call stops here and does not reconnect.
 *   The other party's new page (a `PEER_JOINED` with a new `peerId` after one was known) is
 *   reported, so the page can say so instead of switching silently.
 * - ICE `failed`, or `disconnected` for `ICE_DISCONNECTED_GRACE_MS`: fetch a fresh session (fresh
 *   TURN credentials), `setConfiguration`, then `restartIce()`.
 * - Signals made while this page's socket is down wait and go out after the hello. Signals the
 *   server could not deliver because the other page's socket was down are lost: when that page
 *   says hello again (same `peerId`) and the media path is not up, an unanswered offer is sent
 *   again and ICE restarts.
 * - Nothing here touches the clock: `endsAt` is the server's and only the page counts to it.
 */

export const STATS_INTERVAL_MS = 2_000;
/** A `disconnected` ICE state often heals by itself; restart only when it lasts this long. */
export const ICE_DISCONNECTED_GRACE_MS = 2_000;
/** Signals kept while the socket is down, sent once it is back (offers, answers, candidates). */
export const MAX_QUEUED_SIGNALS = 200;
/** When a restart could not fetch a session, try again after this long. */
export const ICE_RESTART_RETRY_MS = 3_000;
/**
 * A peer connection whose ICE has not even started this long after it was made is stuck: an
 * offer or answer was lost on the way (a socket between reconnects, a signal relayed while the
 * other page's connection was not yet listed), or the browser's connection itself is wedged (we
 * saw Chromium never gather candidates after rolling back its own offer on glare). The doctor's
 * page (the impolite one) then starts a fresh peer connection under a new `peerId`, which the
 * patient's page takes as a new peer and answers with a fresh connection of its own; the
 * patient's page only resends an unanswered offer, so the two never renew at once. The wait
 * doubles after each renewal, up to `MAX_NEGOTIATION_STALL_MS`, so a slow network is not
 * interrupted over and over.
 */
export const NEGOTIATION_STALL_MS = 5_000;
export const MAX_NEGOTIATION_STALL_MS = 20_000;

export interface RoomCallEvents {
  /** The other party's media, or null while there is none (a fresh peer connection). */
  onRemoteStream(stream: MediaStream | null): void;
  /** The doctor started the timer: the page begins the call and counts to `endsAt`. */
  onStarted(started: { startedAt: string; endsAt: string }): void;
  /** The server ended the meeting (or refuses it as ended): the page shows the end screen. */
  onEnded(): void;
  /** The selected candidate pair, read every `STATS_INTERVAL_MS`; null while there is none. */
  onConnection(quality: ConnectionQuality | null): void;
  /** Whether the other party's page is in the room (hello / left). */
  onPeerPresent?(present: boolean): void;
  /** The other party came back on a new page (reloaded, or opened the room elsewhere). */
  onPeerRejoined?(): void;
  /** This party opened the room on another page: this one stopped for good. */
  onReplaced?(): void;
}

export interface RoomCallOptions {
  role: RoomRole;
  session: RoomSessionResponse;
  /** A fresh session (fresh TURN credentials and ticket); throws when it cannot. */
  refreshSession: () => Promise<RoomSessionResponse>;
  localStream: MediaStream | null;
  events: RoomCallEvents;
  origin?: string;
  WebSocketImpl?: typeof WebSocket;
  PeerConnectionImpl?: typeof RTCPeerConnection;
  random?: () => number;
  /**
   * Random per page load (tests pass their own); the doctor's page takes a new one when it
   * renews a stalled peer connection.
   */
  peerId?: string;
  /** Makes the next `peerId` (tests pass their own). */
  newPeerId?: () => string;
}

export interface RoomCall {
  /**
   * The meeting started (this page's own start-timer answer): the same as `MEETING_STARTED`,
   * in case that push is late. Idempotent.
   */
  markStarted(started: { startedAt: string; endsAt: string }): void;
  /** Stops everything: the socket, the peer connection, the timers. Idempotent. */
  close(): void;
}

interface Peer {
  pc: RTCPeerConnection;
  negotiation: Negotiation;
}

function isOver(session: RoomSessionResponse): boolean {
  return session.status === 'completed' || session.status === 'cancelled' || !session.ticket;
}

function randomPeerId(): string {
  return crypto.randomUUID();
}

export function startRoomCall(options: RoomCallOptions): RoomCall {
  const {
    role,
    refreshSession,
    localStream,
    events,
    PeerConnectionImpl = RTCPeerConnection,
    newPeerId = randomPeerId,
  } = options;
  const polite = role === 'patient';

  let peerId = options.peerId ?? newPeerId();
  let session = options.session;
  /** Negotiating: the meeting runs and `session` carries its ICE servers. */
  let active = session.status === 'active';
  /** Started, fetching the session with the ICE servers of the running call. */
  let activating = false;
  let closed = false;
  let peer: Peer | null = null;
  let remotePeerId: string | null = null;
  let firstTicket: string | null = session.ticket;
  let restarting = false;
  let queued: unknown[] = [];
  let disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  let restartRetryTimer: ReturnType<typeof setTimeout> | undefined;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  /** Candidates from a `peerId` we have no connection with yet (they overtook its offer). */
  let early: { peerId: string; signals: Signal[] } | null = null;

  function configuration(): RTCConfiguration {
    return { iceServers: session.iceServers, iceTransportPolicy: session.iceTransportPolicy };
  }

  function sendSignal(signal: Signal) {
    const message = { action: 'signal', peerId, signal };
    if (socket.send(message)) return;
    if (queued.length < MAX_QUEUED_SIGNALS) queued.push(message);
  }

  function onSocketOpen(send: (message: unknown) => void) {
    send({ action: 'hello', peerId });
    const waiting = queued;
    queued = [];
    for (const message of waiting) send(message);
  }

  /** The other page is back on the same peer connection: resend what it may have missed. */
  function resync() {
    const pc = peer?.pc;
    if (!pc) return;
    if (pc.signalingState === 'have-local-offer' && pc.localDescription) {
      const { type, sdp } = pc.localDescription;
      sendSignal({ description: { type, sdp } });
    }
    const state = pc.iceConnectionState;
    if (state === 'disconnected' || state === 'failed') void restartIce();
  }

  /** Every kind is negotiated even without a local track, so an audio-only page still sees. */
  function addLocalMedia(pc: RTCPeerConnection) {
    for (const kind of ['audio', 'video'] as const) {
      const tracks = localStream?.getTracks().filter((track) => track.kind === kind) ?? [];
      if (localStream && tracks.length > 0) {
        for (const track of tracks) pc.addTrack(track, localStream);
      } else {
        pc.addTransceiver(kind, { direction: 'recvonly' });
      }
    }
  }

  function closePeer() {
    clearTimeout(disconnectedTimer);
    clearTimeout(restartRetryTimer);
    clearTimeout(stallTimer);
    peer?.pc.close();
    peer = null;
  }

  function holdEarly(fromPeerId: string, signal: Signal) {
    if (early?.peerId !== fromPeerId) early = { peerId: fromPeerId, signals: [] };
    if (early.signals.length < MAX_QUEUED_SIGNALS) early.signals.push(signal);
  }

  function takeEarly(fromPeerId: string | null): Signal[] {
    const signals = early?.peerId === fromPeerId ? early.signals : [];
    early = null;
    return signals;
  }

  function freshPeer(stallMs = NEGOTIATION_STALL_MS): Peer {
    closePeer();
    // Signals of the old connection mean nothing to the new one.
    queued = [];
    events.onRemoteStream(null);
    events.onConnection(null);
    const pc = new PeerConnectionImpl(configuration());
    const negotiation = attachPerfectNegotiation(pc, {
      polite,
      send: sendSignal,
      // The error's name only: its message may quote an SDP line.
      onError: (error) =>
        console.warn(`Room negotiation step failed: ${(error as Error | undefined)?.name}`),
    });
    pc.addEventListener('track', (event: RTCTrackEvent) => {
      if (peer?.pc !== pc) return;
      const [stream] = event.streams;
      if (stream) events.onRemoteStream(stream);
    });
    pc.addEventListener('iceconnectionstatechange', () => onIceState(pc));
    const created = { pc, negotiation };
    peer = created;
    addLocalMedia(pc);
    // Candidates that overtook this peer's offer (the negotiation holds them until it is in).
    for (const signal of takeEarly(remotePeerId)) void negotiation.handle(signal);
    watchForStall(pc, stallMs);
    return created;
  }

  /** Until ICE starts, negotiates again every `stallMs` (see NEGOTIATION_STALL_MS). */
  function watchForStall(pc: RTCPeerConnection, stallMs: number) {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      if (closed || peer?.pc !== pc || pc.iceConnectionState !== 'new') return;
      if (!polite) {
        peerId = newPeerId();
        freshPeer(Math.min(stallMs * 2, MAX_NEGOTIATION_STALL_MS));
        return;
      }
      if (pc.signalingState === 'have-local-offer' && pc.localDescription) {
        const { type, sdp } = pc.localDescription;
        sendSignal({ description: { type, sdp } });
      }
      watchForStall(pc, stallMs);
    }, stallMs);
  }

  function onIceState(pc: RTCPeerConnection) {
    if (peer?.pc !== pc) return;
    const state = pc.iceConnectionState;
    if (state === 'failed') {
      clearTimeout(disconnectedTimer);
      void restartIce();
    } else if (state === 'disconnected') {
      clearTimeout(disconnectedTimer);
      disconnectedTimer = setTimeout(() => {
        if (peer?.pc === pc && pc.iceConnectionState === 'disconnected') void restartIce();
      }, ICE_DISCONNECTED_GRACE_MS);
    } else {
      clearTimeout(disconnectedTimer);
      clearTimeout(restartRetryTimer);
    }
  }

  async function restartIce() {
    if (restarting || closed || !peer) return;
    restarting = true;
    const { pc } = peer;
    try {
      const fresh = await refreshSession();
      if (closed) return;
      if (isOver(fresh)) {
        end();
        return;
      }
      session = fresh;
      if (peer?.pc !== pc) return;
      pc.setConfiguration(configuration());
      pc.restartIce();
    } catch {
      // Offline: try again while the connection is still down.
      clearTimeout(restartRetryTimer);
      restartRetryTimer = setTimeout(() => {
        const state = peer?.pc.iceConnectionState;
        if (state === 'failed' || state === 'disconnected') void restartIce();
      }, ICE_RESTART_RETRY_MS);
    } finally {
      restarting = false;
    }
  }

  function onMessage(data: unknown) {
    const parsed = roomServerMessageSchema.safeParse(data);
    if (!parsed.success) return; // PONG and anything else that is not the room's.
    handle(parsed.data);
  }

  function handle(message: RoomServerMessage) {
    switch (message.type) {
      case 'PEER_JOINED':
        events.onPeerPresent?.(true);
        if (message.peerId === remotePeerId) {
          if (peer) resync(); // Its socket reconnected only.
          return;
        }
        if (remotePeerId !== null) events.onPeerRejoined?.();
        remotePeerId = message.peerId;
        if (active) freshPeer();
        return;
      case 'PEER_LEFT':
        events.onPeerPresent?.(false);
        return;
      case 'SIGNAL': {
        events.onPeerPresent?.(true);
        const { signal } = message;
        if (!active) {
          // Started on the other page first: held until this one has the call's ICE servers.
          if ('description' in signal) remotePeerId = message.peerId;
          holdEarly(message.peerId, signal);
        } else if (peer && message.peerId === remotePeerId) {
          void peer.negotiation.handle(signal);
        } else if ('description' in signal) {
          // An offer or answer from a page we have not heard of: it (re)loaded, start afresh.
          remotePeerId = message.peerId;
          void freshPeer().negotiation.handle(signal);
        } else {
          holdEarly(message.peerId, signal);
        }
        return;
      }
      case 'MEETING_STARTED':
        markStarted(message);
        return;
      case 'MEETING_ENDED':
        end();
        return;
      case 'SIGNAL_REFUSED':
        if (message.reason === 'ended') end();
        return;
      case 'ROOM_REPLACED':
        stop();
        events.onReplaced?.();
        return;
    }
  }

  function markStarted({ startedAt, endsAt }: { startedAt: string; endsAt: string }) {
    if (active || activating || closed) return;
    activating = true;
    events.onStarted({ startedAt, endsAt });
    // The session entered before the start has no TURN credentials: fetch the running call's.
    refreshSession()
      .then(
        (fresh) => {
          if (isOver(fresh)) end();
          else session = fresh;
        },
        // Unreachable for now: start with what we have; an ICE restart fetches again.
        () => undefined,
      )
      .finally(() => {
        activating = false;
        if (closed) return;
        active = true;
        // Signals sent before the start were refused: negotiate now with the page we know of.
        if (remotePeerId) freshPeer();
      });
  }

  async function getTicket(): Promise<string> {
    if (firstTicket) {
      const ticket = firstTicket;
      firstTicket = null;
      return ticket;
    }
    const fresh = await refreshSession();
    if (isOver(fresh)) {
      end();
      throw new Error('The meeting is over');
    }
    session = fresh;
    return fresh.ticket!;
  }

  const socket: TicketSocket = openTicketSocket({
    getTicket,
    onMessage,
    onOpen: onSocketOpen,
    onConnectedChange: () => undefined,
    onReconnect: () => undefined,
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    ...(options.random ? { random: options.random } : {}),
  });

  const statsTimer = setInterval(() => {
    const pc = peer?.pc;
    if (!pc) return;
    pc.getStats().then(
      (report) => {
        if (peer?.pc === pc) events.onConnection(readConnection(report));
      },
      () => undefined,
    );
  }, STATS_INTERVAL_MS);

  function stop() {
    if (closed) return;
    closed = true;
    clearInterval(statsTimer);
    closePeer();
    socket.close();
  }

  function end() {
    if (closed) return;
    stop();
    events.onEnded();
  }

  return { markStarted, close: stop };
}
