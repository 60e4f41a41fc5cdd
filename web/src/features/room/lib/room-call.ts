import type { RoomSessionResponse } from '@shared/meetings/room';
import {
  ROOM_HEARTBEAT_INTERVAL_MS,
  ROOM_HEARTBEAT_TIMEOUT_MS,
  ROOM_PROBE_TIMEOUT_MS,
  roomServerMessageSchema,
  type MediaState,
  type RoomServerMessage,
  type Signal,
} from '@shared/meetings/signalling';
import { openTicketSocket, type TicketSocket } from '@web/lib/realtime/ticket-socket';
import {
  callStatusOf,
  ICE_DISCONNECTED_GRACE_MS,
  initialCallState,
  TERMINAL_PHASES,
  transition,
  type CallEffect,
  type CallEvent,
} from './call-machine';
import { createQualityMeter } from './call-quality';
import {
  createPeerLink,
  DEFAULT_VIDEO_SEND_LIMIT,
  type MediaKind,
  type PeerLink,
} from './peer-link';
import { createSignalOrder, type RelayedSignal } from './signal-order';
import { createSignalOutbox, MAX_QUEUED_SIGNALS } from './signal-outbox';
import type { RoomCall, RoomCallOptions } from './room-call-api';
import { browserWakeSources, watchWakeEvents } from './wake-events';

/**
 * The call of one room page, without React (DESIGN.md §7): the effects of the call's state
 * machine (lib/call-machine.ts decides, this runs it). It owns the `/ws` signalling socket, the
 * peer connection (lib/peer-link.ts), the timers, and reports back through `events`.
 *
 * - The socket connects with the session's single-use ticket; each reconnect fetches a fresh
 *   session for a fresh ticket and says hello again with the same `peerId`. It has a heartbeat
 *   (ROOM_HEARTBEAT_*), reconnects within 5 s at most, and is probed or replaced when the
 *   browser hints at a network change (lib/wake-events.ts) or ICE goes `disconnected`.
 * - Every signal carries `to` (the other party's current page) and `seq` (this page's counter);
 *   relayed signals pass lib/signal-order.ts first (another page's, or a late description).
 * - Only the doctor's page offers. An answer or candidate from a page this one has no peer
 *   connection with never makes one; only an offer does (on the patient's page).
 * - No peer connection is made before the meeting is active: the server refuses signals then,
 *   and hands out TURN credentials only while the meeting runs (docs/adr/0013-room-
 *   connections.md), so at the start a fresh session is fetched first; signals that arrive
 *   meanwhile wait for it.
 * - One live room page per party: `ROOM_REPLACED` stops the call here for good.
 * - The media report (`{ action: 'media', flowing }`) goes on each change of "this page
 *   receives the other party's media" and after each hello while the meeting runs.
 * - Nothing here touches the clock: `endsAt` is the server's and only the page counts to it.
 */

export const STATS_INTERVAL_MS = 2_000;
/** Room sockets wait at most this long between reconnect attempts (a call is on). */
export const ROOM_RECONNECT_MAX_MS = 5_000;

export type { RoomCall, RoomCallEvents, RoomCallOptions } from './room-call-api';

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

  let peerId = options.peerId ?? newPeerId();
  let session = options.session;
  let state = initialCallState(role, session.status === 'active');
  let link: PeerLink | null = null;
  /** The other page `link` is with (the other party may have a newer page by now). */
  let linkPeerId: string | null = null;
  const order = createSignalOrder();
  /** Signals that came before this page could use them (before the start, or overtaking). */
  let held: RelayedSignal[] = [];
  let firstTicket: string | null = session.ticket;
  let opened = false;
  let restarting = false;
  /** The last media report sent. */
  let flowing: boolean | null = null;
  let localMedia: MediaState | null = null;
  let videoLimit = DEFAULT_VIDEO_SEND_LIMIT;
  /** Devices re-acquired or switched since the start: every new peer connection sends these. */
  const replacedTracks = new Map<MediaKind, MediaStreamTrack | null>();
  const timers: Record<'grace' | 'retry' | 'stall', ReturnType<typeof setTimeout> | undefined> = {
    grace: undefined,
    retry: undefined,
    stall: undefined,
  };

  /** The meeting runs and this page takes part (not before the start, not after the end). */
  const running = () => callStatusOf(state) !== null && state.phase !== 'waiting';
  const over = () => TERMINAL_PHASES.includes(state.phase);

  function configuration(): RTCConfiguration {
    return { iceServers: session.iceServers, iceTransportPolicy: session.iceTransportPolicy };
  }

  const outbox = createSignalOutbox((message) => socket.send(message));
  function sendSignal(signal: Signal) {
    outbox.send(peerId, state.remotePeerId, signal);
  }

  /** "This page receives the other party's media" changed: the server keeps the lost time. */
  function reportMedia(force = false) {
    if (!running()) return;
    const now = link?.flowing() ?? false;
    if (!force && now === flowing) return;
    flowing = now;
    // Lost with a dead socket: the next hello reports again.
    socket.send({ action: 'media', peerId, flowing: now });
  }

  function dispatch(event: CallEvent) {
    const before = callStatusOf(state);
    const result = transition(state, event);
    state = result.state;
    for (const effect of result.effects) run(effect);
    const after = callStatusOf(state);
    if (after !== before) events.onCallState?.(after);
  }

  function arm(name: keyof typeof timers, ms: number, fire: () => void) {
    clearTimeout(timers[name]);
    timers[name] = setTimeout(() => {
      timers[name] = undefined;
      fire();
    }, ms);
  }

  function cancelTimers() {
    for (const name of Object.keys(timers) as (keyof typeof timers)[]) {
      clearTimeout(timers[name]);
      timers[name] = undefined;
    }
  }

  function newPeer() {
    link?.close();
    // Signals of the old connection mean nothing to the new one.
    outbox.clear();
    events.onRemoteStream(null);
    events.onConnection(null);
    events.onPeerMedia?.(null);
    const created = createPeerLink({
      PeerConnectionImpl,
      configuration: configuration(),
      localStream,
      polite: role === 'patient',
      videoLimit,
      send: sendSignal,
      onIceState: (ice) => {
        if (link === created) dispatch({ type: 'ice', state: ice });
      },
      onRemoteStream: (stream) => {
        if (link === created) events.onRemoteStream(stream);
      },
      onMediaChange: () => {
        if (link === created) reportMedia();
      },
    });
    link = created;
    linkPeerId = state.remotePeerId;
    for (const [kind, track] of replacedTracks) void created.replaceTrack(kind, track);
    reportMedia();
    // Candidates that overtook this peer's offer (the negotiation holds them until it is in).
    const early = held.filter((message) => message.peerId === state.remotePeerId);
    held = held.filter((message) => message.peerId !== state.remotePeerId);
    for (const message of early) void created.handle(message.signal);
  }

  async function restartIce() {
    if (restarting || !link) return;
    restarting = true;
    const current = link;
    try {
      const fresh = await refreshSession();
      if (!running()) return;
      if (isOver(fresh)) {
        end();
        return;
      }
      session = fresh;
      if (link === current) current.restart(configuration());
    } catch {
      // Offline: the retry timer tries again while the path is down.
    } finally {
      restarting = false;
    }
  }

  function activate() {
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
        if (state.phase !== 'waiting') return;
        dispatch({ type: 'activated' });
        reportMedia(true);
        // Signals that came before the start, in the order they came.
        const waiting = held;
        held = [];
        for (const message of waiting) route(message);
      });
  }

  function run(effect: CallEffect) {
    switch (effect.type) {
      case 'activate':
        activate();
        return;
      case 'newPeer':
        newPeer();
        return;
      case 'renewPeer':
        // A new `peerId`: the patient's page takes the next offer as a new page's.
        peerId = newPeerId();
        newPeer();
        return;
      case 'restartIce':
        void restartIce();
        return;
      case 'resendOffer':
        link?.resendOffer();
        return;
      case 'requestRestart':
        sendSignal({ request: 'restart' });
        return;
      case 'sayHello':
        socket.send({ action: 'hello', peerId });
        return;
      case 'peerRejoined':
        events.onPeerRejoined?.();
        return;
      case 'armGrace':
        arm('grace', ICE_DISCONNECTED_GRACE_MS, () => dispatch({ type: 'graceElapsed' }));
        return;
      case 'armRetry':
        arm('retry', effect.ms, () =>
          dispatch({
            type: 'retryElapsed',
            unanswered: link?.unanswered() ?? false,
            pathDown: link?.pathDown() ?? false,
          }),
        );
        return;
      case 'armStall':
        arm('stall', effect.ms, () =>
          dispatch({
            type: 'stallElapsed',
            negotiationStuck: link?.negotiationStuck() ?? true,
            noRemoteCandidate: link?.noRemoteCandidate() ?? true,
          }),
        );
        return;
      case 'cancelTimers':
        cancelTimers();
        return;
      case 'probeSocket':
        socket.probe();
        return;
      case 'sendMediaState':
        if (localMedia) sendSignal({ media: localMedia });
        return;
      case 'stop':
        cancelTimers();
        clearInterval(statsTimer);
        unwatchWake();
        link?.close();
        link = null;
        socket.close();
        return;
    }
  }

  /** A relayed signal this page may use now. */
  function route(message: RelayedSignal) {
    const { signal } = message;
    const fromPeer = message.peerId === state.remotePeerId;
    // The connection with the sender's page, asked after an offer may have made one.
    const linkOfSender = () => (message.peerId === linkPeerId ? link : null);
    if ('media' in signal) {
      if (fromPeer) events.onPeerMedia?.(signal.media);
    } else if ('request' in signal) {
      dispatch({ type: 'restartRequested', peerId: message.peerId });
    } else if ('description' in signal) {
      if (signal.description.type === 'offer') dispatch({ type: 'offer', peerId: message.peerId });
      // An answer from a page this one is not talking to is stale or misaddressed: dropped.
      void linkOfSender()?.handle(signal);
    } else {
      const target = linkOfSender();
      if (target) void target.handle(signal);
      // A candidate that overtook its offer: held until the offer makes its connection.
      else if (held.length < MAX_QUEUED_SIGNALS) held.push(message);
    }
  }

  function handle(message: RoomServerMessage) {
    switch (message.type) {
      case 'PEER_JOINED':
        events.onPeerPresent?.(true);
        dispatch({ type: 'peerJoined', peerId: message.peerId });
        return;
      case 'PEER_LEFT':
        events.onPeerPresent?.(false);
        return;
      case 'SIGNAL': {
        events.onPeerPresent?.(true);
        if (!order.accept(message, peerId)) return;
        if (state.phase === 'waiting') {
          // Started on the other page first: held until this one has the call's ICE servers.
          if (held.length < MAX_QUEUED_SIGNALS) held.push(message);
        } else {
          route(message);
        }
        return;
      }
      case 'MEETING_STARTED':
        markStarted(message);
        return;
      case 'MEETING_EXTENDED':
        events.onExtended?.({ endsAt: message.endsAt, serverTime: message.serverTime });
        return;
      case 'MEETING_ENDED':
        end();
        return;
      case 'SIGNAL_REFUSED':
        if (message.reason === 'ended') end();
        return;
      case 'ROOM_REPLACED':
        if (over()) return;
        dispatch({ type: 'replaced' });
        events.onReplaced?.();
        return;
    }
  }

  function markStarted({ startedAt, endsAt }: { startedAt: string; endsAt: string }) {
    if (state.phase !== 'waiting' || state.activating) return;
    events.onStarted({ startedAt, endsAt });
    dispatch({ type: 'started' });
  }

  function end() {
    if (over()) return;
    dispatch({ type: 'ended' });
    events.onEnded();
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

  function onSocketOpen(send: (message: unknown) => void) {
    send({ action: 'hello', peerId });
    outbox.flush(send);
    reportMedia(true);
    if (opened) dispatch({ type: 'socketReopened' });
    opened = true;
  }

  const socket: TicketSocket = openTicketSocket({
    getTicket,
    onMessage: (data) => {
      const parsed = roomServerMessageSchema.safeParse(data);
      if (parsed.success) handle(parsed.data); // PONG and anything else is not the room's.
    },
    onOpen: onSocketOpen,
    onConnectedChange: () => undefined,
    onReconnect: () => undefined,
    heartbeat: {
      intervalMs: ROOM_HEARTBEAT_INTERVAL_MS,
      timeoutMs: ROOM_HEARTBEAT_TIMEOUT_MS,
      probeTimeoutMs: ROOM_PROBE_TIMEOUT_MS,
    },
    maxDelayMs: ROOM_RECONNECT_MAX_MS,
    ...(options.origin ? { origin: options.origin } : {}),
    ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    ...(options.random ? { random: options.random } : {}),
  });

  const wakeSources =
    options.wakeSources === undefined ? browserWakeSources() : options.wakeSources;
  const unwatchWake = wakeSources
    ? watchWakeEvents(wakeSources, {
        onNetworkChange: () => socket.reconnectNow(),
        onVisible: () => socket.probe(),
      })
    : () => undefined;

  // One meter for the call: it keys its counters by stream id, so a renewed peer connection's
  // counters are never taken from the old one's.
  const qualityMeter = createQualityMeter();
  const statsTimer = setInterval(() => {
    const pc = link?.pc;
    if (!pc) return;
    pc.getStats().then(
      (report) => {
        if (link?.pc === pc) events.onConnection(qualityMeter.sample(report, Date.now()));
      },
      () => undefined,
    );
  }, STATS_INTERVAL_MS);

  return {
    markStarted,
    retry: () => dispatch({ type: 'retry' }),
    setLocalMediaState(media) {
      const changed = localMedia?.audio !== media.audio || localMedia.video !== media.video;
      localMedia = media;
      if (changed && link) sendSignal({ media });
    },
    replaceTrack(kind, track) {
      replacedTracks.set(kind, track);
      return link?.replaceTrack(kind, track) ?? Promise.resolve();
    },
    setVideoSendLimit(limit) {
      videoLimit = limit;
      return link?.setVideoSendLimit(limit) ?? Promise.resolve();
    },
    close: () => dispatch({ type: 'close' }),
  };
}
