import type { RoomRole } from '@shared/meetings/room';

/**
 * The call of one room page as one explicit state machine (issue 26 item 7,
 * docs/adr/0018-call-state-machine.md). `transition` is pure: it takes the state and an event
 * and returns the next state and the effects to run; lib/room-call.ts runs them against the
 * `RTCPeerConnection`, the socket and the timers, and feeds what happens back as events.
 *
 *   waiting ──activated──▶ connecting ──ice connected──▶ connected
 *                              ▲                           │ ice failed, or disconnected
 *                              │ new page of the peer      ▼ past the grace
 *                              └──────────────────── reconnecting ──attempts spent──▶ failed
 *                                                          ▲                            │
 *                                                          └────────── retry ───────────┘
 *   any of them ──ended / replaced / close──▶ ended / replaced / closed (terminal)
 *
 * Roles (DESIGN.md §7): only the doctor's page offers, the first offer and every ICE restart;
 * the patient's page makes its peer connection on the doctor's offer and, when its path is
 * down, asks for a restart. So starting with both pages present never glares.
 */

export type CallPhase =
  | 'waiting'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'failed'
  | 'ended'
  | 'replaced'
  | 'closed';

/** What the page shows during the call (`null` before the start and after the end). */
export type CallStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface CallMachineState {
  phase: CallPhase;
  role: RoomRole;
  /** The meeting started and this page is fetching the running call's ICE servers. */
  activating: boolean;
  /** The other party's current page, as far as this page knows. */
  remotePeerId: string | null;
  /** This page has a peer connection with `remotePeerId`. */
  hasPeer: boolean;
  /** The peer connection's last ICE connection state. */
  ice: RTCIceConnectionState | null;
  /** Restarts (doctor) or restart requests (patient) since the path went down. */
  attempts: number;
  /** The doctor's wait before it checks a new peer connection for a stuck negotiation. */
  stallMs: number;
}

export type CallEvent =
  /** The meeting started (`MEETING_STARTED`, or this page's own start). */
  | { type: 'started' }
  /** The meeting runs and this page has its ICE servers (entered active, or fetched). */
  | { type: 'activated' }
  /** The other party's page said hello (joined, reloaded, or its socket came back). */
  | { type: 'peerJoined'; peerId: string }
  /** An offer addressed to this page arrived (the doctor's first offer or a restart). */
  | { type: 'offer'; peerId: string }
  /** The patient's page asks for an ICE restart. */
  | { type: 'restartRequested'; peerId: string }
  | { type: 'ice'; state: RTCIceConnectionState }
  /** `ICE_DISCONNECTED_GRACE_MS` after `disconnected`. */
  | { type: 'graceElapsed' }
  /**
   * The restart timer: `unanswered` while this page's offer waits for its answer, `pathDown`
   * while ICE is `failed` or `disconnected`.
   */
  | { type: 'retryElapsed'; unanswered: boolean; pathDown: boolean }
  /**
   * The doctor's stall timer. `negotiationStuck`: the signalling state is not stable or no
   * remote description is in; `noRemoteCandidate`: none of the patient's candidates arrived.
   */
  | { type: 'stallElapsed'; negotiationStuck: boolean; noRemoteCandidate: boolean }
  /** This page's own socket opened again (after the hello). */
  | { type: 'socketReopened' }
  /** The page's 'Try Again' in the failed state. */
  | { type: 'retry' }
  | { type: 'ended' }
  | { type: 'replaced' }
  | { type: 'close' };

export type CallEffect =
  /** Fetch the running call's session (ICE servers), then feed `activated`. */
  | { type: 'activate' }
  /** A fresh peer connection with `remotePeerId` (the doctor's offers on its own). */
  | { type: 'newPeer' }
  /** The doctor's fresh start: a new `peerId`, fresh ICE servers, a fresh peer connection. */
  | { type: 'renewPeer' }
  /** The doctor: fresh TURN credentials, `setConfiguration`, `restartIce()`. */
  | { type: 'restartIce' }
  /** The doctor: the unanswered offer again, if there is one. */
  | { type: 'resendOffer' }
  /** The patient: `{ request: 'restart' }` to the doctor's page. */
  | { type: 'requestRestart' }
  /** The patient: hello again, so a doctor's page that joined after it learns its `peerId`. */
  | { type: 'sayHello' }
  /** The other party came back on a new page since the call began. */
  | { type: 'peerRejoined' }
  | { type: 'armGrace' }
  | { type: 'armRetry'; ms: number }
  | { type: 'armStall'; ms: number }
  | { type: 'cancelTimers' }
  /** Ping the socket with the heartbeat deadline now (ICE `disconnected` may mean a new network). */
  | { type: 'probeSocket' }
  /** Send this page's microphone / camera state to the other page. */
  | { type: 'sendMediaState' }
  /** Close the peer connection, the socket and every timer. */
  | { type: 'stop' };

/** A `disconnected` ICE state often heals by itself; act only when it lasts this long. */
export const ICE_DISCONNECTED_GRACE_MS = 2_000;
/** Restarts are re-sent until answered: after 2, 4, 8, 8 … seconds. */
export const RESTART_RETRY_BASE_MS = 2_000;
export const RESTART_RETRY_MAX_MS = 8_000;
/** After this many unanswered restarts (about 30 s) the call shows `failed` and a retry. */
export const RESTART_ATTEMPTS_BEFORE_FAILED = 5;
/**
 * The doctor's wait before it checks a new peer connection: stuck negotiation (no answer)
 * renews it; slow gathering only makes it wait longer, up to `MAX_NEGOTIATION_STALL_MS`.
 */
export const NEGOTIATION_STALL_MS = 5_000;
export const MAX_NEGOTIATION_STALL_MS = 20_000;

export function restartRetryDelay(attempts: number): number {
  return Math.min(RESTART_RETRY_MAX_MS, RESTART_RETRY_BASE_MS * 2 ** attempts);
}

export function initialCallState(role: RoomRole, active: boolean): CallMachineState {
  return {
    phase: active ? 'connecting' : 'waiting',
    role,
    activating: false,
    remotePeerId: null,
    hasPeer: false,
    ice: null,
    attempts: 0,
    stallMs: NEGOTIATION_STALL_MS,
  };
}

/** The state the page shows; `waiting` counts as connecting once the start is under way. */
export function callStatusOf(state: CallMachineState): CallStatus | null {
  switch (state.phase) {
    case 'connecting':
    case 'connected':
    case 'reconnecting':
    case 'failed':
      return state.phase;
    case 'waiting':
      return state.activating ? 'connecting' : null;
    default:
      return null;
  }
}

export interface Transition {
  state: CallMachineState;
  effects: CallEffect[];
}

export const TERMINAL_PHASES: readonly CallPhase[] = ['ended', 'replaced', 'closed'];

function isPathDown(ice: RTCIceConnectionState | null): boolean {
  return ice === 'failed' || ice === 'disconnected';
}

/** The doctor starts over with a page: a fresh peer connection and, from it, a fresh offer. */
function offerAfresh(
  state: CallMachineState,
  effect: 'newPeer' | 'renewPeer',
  stallMs = NEGOTIATION_STALL_MS,
): Transition {
  return {
    state: { ...state, phase: 'connecting', hasPeer: true, ice: null, attempts: 0, stallMs },
    effects: [{ type: 'cancelTimers' }, { type: effect }, { type: 'armStall', ms: stallMs }],
  };
}

/** The path is down: the doctor restarts, the patient asks; again after the retry delay. */
function recover(state: CallMachineState): Transition {
  const act: CallEffect =
    state.role === 'provider' ? { type: 'restartIce' } : { type: 'requestRestart' };
  return {
    state: { ...state, phase: state.phase === 'failed' ? 'failed' : 'reconnecting' },
    effects: [act, { type: 'armRetry', ms: restartRetryDelay(state.attempts) }],
  };
}

/** After a hello on either side: resend what may have been lost, restart a broken path. */
function resync(state: CallMachineState): Transition {
  if (!state.hasPeer) return { state, effects: [] };
  const down = isPathDown(state.ice);
  if (state.role === 'provider') {
    const { state: next, effects } = down ? recover(state) : { state, effects: [] };
    return { state: next, effects: [{ type: 'resendOffer' }, ...effects] };
  }
  return down ? recover(state) : { state, effects: [] };
}

function stay(state: CallMachineState): Transition {
  return { state, effects: [] };
}

export function transition(state: CallMachineState, event: CallEvent): Transition {
  if (TERMINAL_PHASES.includes(state.phase)) return stay(state);
  const isDoctor = state.role === 'provider';

  switch (event.type) {
    case 'ended':
    case 'replaced':
      return {
        state: { ...state, phase: event.type, hasPeer: false },
        effects: [{ type: 'stop' }],
      };
    case 'close':
      return { state: { ...state, phase: 'closed', hasPeer: false }, effects: [{ type: 'stop' }] };

    case 'started':
      if (state.phase !== 'waiting' || state.activating) return stay(state);
      return { state: { ...state, activating: true }, effects: [{ type: 'activate' }] };

    case 'activated': {
      if (state.phase !== 'waiting') return stay(state);
      const active = { ...state, phase: 'connecting' as const, activating: false };
      // Only the doctor offers; the patient's page waits for that offer.
      return isDoctor && state.remotePeerId ? offerAfresh(active, 'newPeer') : stay(active);
    }

    case 'peerJoined': {
      if (event.peerId === state.remotePeerId)
        return state.phase === 'waiting' ? stay(state) : resync(state);
      const rejoined: CallEffect[] = state.remotePeerId === null ? [] : [{ type: 'peerRejoined' }];
      const known = { ...state, remotePeerId: event.peerId };
      if (!isDoctor) {
        // The doctor's new page may not know this page yet: say hello back; its offer follows
        // and makes a new peer connection (the one of the old page is not for it).
        return {
          state: { ...known, hasPeer: false, ice: null },
          effects: [...rejoined, { type: 'sayHello' }],
        };
      }
      if (state.phase === 'waiting') return { state: known, effects: rejoined };
      const fresh = offerAfresh(known, 'newPeer');
      return { state: fresh.state, effects: [...rejoined, ...fresh.effects] };
    }

    case 'offer': {
      // The doctor never takes an offer as a new page (the patient never offers first).
      if (isDoctor || state.phase === 'waiting') return stay(state);
      if (event.peerId !== state.remotePeerId || !state.hasPeer) {
        const rejoined: CallEffect[] =
          state.remotePeerId !== null && event.peerId !== state.remotePeerId
            ? [{ type: 'peerRejoined' }]
            : [];
        return {
          state: {
            ...state,
            phase: 'connecting',
            remotePeerId: event.peerId,
            hasPeer: true,
            ice: null,
            attempts: 0,
          },
          effects: [...rejoined, { type: 'cancelTimers' }, { type: 'newPeer' }],
        };
      }
      // A restart offer: the request was heard; ask again only if the path stays down.
      if (state.phase === 'reconnecting' || state.phase === 'failed') {
        return { state, effects: [{ type: 'armRetry', ms: restartRetryDelay(state.attempts) }] };
      }
      return stay(state);
    }

    case 'restartRequested': {
      if (!isDoctor || state.phase === 'waiting' || event.peerId !== state.remotePeerId) {
        return stay(state);
      }
      if (!state.hasPeer) return offerAfresh(state, 'newPeer');
      return recover(state);
    }

    case 'ice': {
      const next = { ...state, ice: event.state };
      switch (event.state) {
        case 'connected':
        case 'completed':
          return {
            state: { ...next, phase: 'connected', attempts: 0, stallMs: NEGOTIATION_STALL_MS },
            effects: [{ type: 'cancelTimers' }, { type: 'sendMediaState' }],
          };
        case 'disconnected':
          return { state: next, effects: [{ type: 'armGrace' }, { type: 'probeSocket' }] };
        case 'failed':
          return recover(next);
        default:
          return stay(next);
      }
    }

    case 'graceElapsed':
      return state.ice === 'disconnected' ? recover(state) : stay(state);

    case 'retryElapsed': {
      if (!event.unanswered && !event.pathDown) {
        // ICE is checking after the answer: give it the same time again, without an attempt.
        return state.phase === 'reconnecting' &&
          state.ice !== 'connected' &&
          state.ice !== 'completed'
          ? { state, effects: [{ type: 'armRetry', ms: restartRetryDelay(state.attempts) }] }
          : stay(state);
      }
      const attempts = state.attempts + 1;
      if (attempts >= RESTART_ATTEMPTS_BEFORE_FAILED) {
        return { state: { ...state, attempts, phase: 'failed' }, effects: [] };
      }
      const counted = { ...state, attempts };
      if (isDoctor && event.unanswered) {
        return {
          state: { ...counted, phase: 'reconnecting' },
          effects: [{ type: 'resendOffer' }, { type: 'armRetry', ms: restartRetryDelay(attempts) }],
        };
      }
      return recover(counted);
    }

    case 'stallElapsed': {
      if (!isDoctor || state.phase !== 'connecting' || !state.hasPeer) return stay(state);
      const longer = Math.min(state.stallMs * 2, MAX_NEGOTIATION_STALL_MS);
      // No answer: an offer or answer was lost, or the browser's connection is wedged.
      if (event.negotiationStuck) return offerAfresh(state, 'renewPeer', longer);
      if (!event.noRemoteCandidate) return stay(state); // ICE is checking: it connects or fails.
      // Slow relay gathering on the other side is not a stuck negotiation: wait longer first.
      if (state.stallMs < MAX_NEGOTIATION_STALL_MS) {
        return {
          state: { ...state, stallMs: longer },
          effects: [{ type: 'armStall', ms: longer }],
        };
      }
      return offerAfresh(state, 'renewPeer', MAX_NEGOTIATION_STALL_MS);
    }

    case 'socketReopened':
      return state.phase === 'waiting' ? stay(state) : resync(state);

    case 'retry': {
      if (state.phase !== 'failed') return stay(state);
      const again = { ...state, phase: 'reconnecting' as const, attempts: 0 };
      if (isDoctor && state.remotePeerId) {
        const fresh = offerAfresh(again, 'renewPeer');
        return { state: fresh.state, effects: [{ type: 'probeSocket' }, ...fresh.effects] };
      }
      const asked = recover(again);
      return { state: asked.state, effects: [{ type: 'probeSocket' }, ...asked.effects] };
    }
  }
}
