import { useCallback, useEffect, useRef, useState } from 'react';
import { roomMessages, type RoomRole, type RoomSessionResponse } from '@shared/meetings/room';
import type { MediaState } from '@shared/meetings/signalling';
import { startRuleMessages } from '@shared/meetings/start-rule';
import { ApiError, serverMessageOf } from '@web/lib/api';
import { hedged } from '@web/lib/hedged';
import { useLocalMedia, type LocalMedia } from '@web/lib/media/use-local-media';
import {
  endCall,
  fetchRoomSession,
  SESSION_FETCH_HEDGE,
  startTimer,
  type RoomSession,
} from '../api/room-session';
import type { CallStatus } from '../lib/call-machine';
import type { CallQuality } from '../lib/call-quality';
import type { VideoSendLimit } from '../lib/peer-link';
import { startRoomCall, type RoomCall } from '../lib/room-call';
import { msLeft } from '../lib/server-clock';
import { useCountdown } from './use-countdown';

/**
 * What the room page shows:
 * - `loading`: entering the room; `invalid`: the link's token was refused (403);
 * - `error`: the server could not be reached (a Try Again button);
 * - `waiting`: the doctor has not started the timer (local preview only);
 * - `in_call`: the call; `ended`: the end screen;
 * - `replaced`: this party opened the room on another page, which is the live one now (the
 *   camera is off here; `takeBack` enters again from this page, which replaces the other).
 */
export type RoomPhase =
  'loading' | 'invalid' | 'signIn' | 'error' | 'waiting' | 'in_call' | 'ended' | 'replaced';

export interface RoomState {
  phase: RoomPhase;
  session: RoomSessionResponse | null;
  media: LocalMedia;
  remoteStream: MediaStream | null;
  connection: CallQuality | null;
  /** False once the other party's page left (it may come back); null before any news. */
  peerPresent: boolean | null;
  /** The other party came back on a new page since the call began (shown, never silent). */
  peerRejoined: boolean;
  endsAt: string | null;
  /** The call: connecting / connected / reconnecting / failed; null outside `in_call`. */
  callState: CallStatus | null;
  /** The failed call's 'Try Again'. */
  retryCall: () => void;
  /** The other party's microphone and camera as they send them; null until they say. */
  peerMedia: MediaState | null;
  /** Caps this page's video, or stops it for audio only (the quality policy). */
  setVideoSendLimit: (limit: VideoSendLimit) => void;
  /** Milliseconds left on the server's clock; null before the start. */
  left: number | null;
  retry: () => void;
  /** After `replaced`: the camera again, and the room entered again from this page. */
  takeBack: () => void;
  /** The provider's 'End Call'. */
  endCall: () => void;
  ending: boolean;
  endError: string | null;
  /** The provider's start from the waiting room. */
  startMeeting: () => void;
  starting: boolean;
  startError: string | null;
}

type Entry =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'signIn' }
  | { kind: 'error' }
  | ({ kind: 'ready' } & RoomSession);

const END_CALL_FAILED = 'The call could not be ended. Please try again.';
/** The start rule's fallback message (spec doc 2 §4). */
const START_FAILED = startRuleMessages.failed;

/** A refused token (403), or a meeting id or body the server rejects: the link is no good. */
function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** Why the room cannot be entered: a doctor's link without the doctor's session, a bad link. */
function refusalOf(error: unknown): 'signIn' | 'invalid' | 'error' {
  if (serverMessageOf(error) === roomMessages.providerSignIn) return 'signIn';
  return isInvalidLink(error) ? 'invalid' : 'error';
}

function isOver(session: RoomSessionResponse, offsetMs: number): boolean {
  if (session.status === 'completed' || session.status === 'cancelled') return true;
  return session.endsAt !== null && msLeft(session.endsAt, Date.now(), offsetMs) === 0;
}

export function useRoom({
  meetingId,
  role,
  token,
  autoStart = false,
}: {
  meetingId: string;
  role: RoomRole;
  token: string;
  /** The doctor came from Start Call (`start=1`): start the timer once in the waiting room. */
  autoStart?: boolean;
}): RoomState {
  const [entry, setEntry] = useState<Entry>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [started, setStarted] = useState<{ endsAt: string } | null>(null);
  const [ended, setEnded] = useState(false);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [connection, setConnection] = useState<CallQuality | null>(null);
  const [peerPresent, setPeerPresent] = useState<boolean | null>(null);
  const [peerRejoined, setPeerRejoined] = useState(false);
  const [callStatus, setCallStatus] = useState<CallStatus | null>(null);
  const [peerMedia, setPeerMedia] = useState<MediaState | null>(null);
  /** The server moved `endsAt` after a dropped call (MEETING_EXTENDED). */
  const [extendedEndsAt, setExtendedEndsAt] = useState<string | null>(null);
  const [replaced, setReplaced] = useState(false);
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const callRef = useRef<RoomCall | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchRoomSession(meetingId, role, token, abort.signal).then(
      (entered) => {
        if (abort.signal.aborted) return;
        setEntry({ kind: 'ready', ...entered });
        if (isOver(entered.session, entered.offsetMs)) setEnded(true);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setEntry({ kind: refusalOf(error) });
      },
    );
    return () => abort.abort();
  }, [meetingId, role, token, attempt]);

  const ready = entry.kind === 'ready' ? entry : null;
  const session = ready?.session ?? null;
  const offsetMs = ready?.offsetMs ?? 0;
  const live = ready !== null && !ended && !replaced;

  const media = useLocalMedia(live, { delayMs: 0 });
  // 'unsupported' cannot happen here (the page checks the camera API first); it must not hang.
  const mediaSettled = media.status !== 'idle' && media.status !== 'requesting';
  const { stream: localStream, stop: stopMedia } = media;
  // The call starts with the stream it finds; later devices reach it through replaceTrack.
  const localStreamRef = useRef(localStream);
  useEffect(() => {
    localStreamRef.current = localStream;
  }, [localStream]);

  const endsAt = extendedEndsAt ?? started?.endsAt ?? session?.endsAt ?? null;
  const end = useCallback(() => setEnded(true), []);
  const left = useCountdown(ended ? null : endsAt, offsetMs, end);

  // The call starts once the devices settled, so its first offer carries the local tracks.
  useEffect(() => {
    if (!session || ended || replaced || !mediaSettled) return;
    const call = startRoomCall({
      role,
      session,
      refreshSession: () =>
        // A request on a dead connection must not hold up the reconnect or the restart.
        hedged(
          (signal) => fetchRoomSession(meetingId, role, token, signal),
          SESSION_FETCH_HEDGE,
        ).then(
          (fresh) => fresh.session,
          (error: unknown) => {
            // Refused now (the doctor's claim lapsed or moved, the session ended): the link no
            // longer opens this room, and the call stops instead of retrying for ever.
            if (isInvalidLink(error)) setEntry({ kind: 'invalid' });
            throw error;
          },
        ),
      localStream: localStreamRef.current,
      events: {
        onRemoteStream: setRemoteStream,
        onStarted: ({ endsAt: startedEndsAt }) => setStarted({ endsAt: startedEndsAt }),
        onEnded: end,
        onConnection: setConnection,
        onPeerPresent: setPeerPresent,
        onPeerRejoined: () => setPeerRejoined(true),
        onReplaced: () => setReplaced(true),
        onCallState: setCallStatus,
        onPeerMedia: setPeerMedia,
        onExtended: ({ endsAt: extended }) => setExtendedEndsAt(extended),
      },
    });
    callRef.current = call;
    return () => {
      call.close();
      callRef.current = null;
      setCallStatus(null);
    };
  }, [session, ended, replaced, mediaSettled, role, meetingId, token, end]);

  // A device re-acquired after an interruption, or switched (front/rear camera, another
  // microphone): the senders take the new track without a renegotiation.
  const { audioTrack, videoTrack } = media;
  useEffect(() => {
    void callRef.current?.replaceTrack('audio', audioTrack);
  }, [audioTrack]);
  useEffect(() => {
    void callRef.current?.replaceTrack('video', videoTrack);
  }, [videoTrack]);

  // The toggles: the other page shows Muted / Camera off.
  const sendsAudio = media.hasAudio && media.audioEnabled;
  const sendsVideo = media.hasVideo && media.videoEnabled;
  const callReady = callStatus !== null;
  useEffect(() => {
    if (callReady) callRef.current?.setLocalMediaState({ audio: sendsAudio, video: sendsVideo });
  }, [sendsAudio, sendsVideo, callReady]);

  const retryCall = useCallback(() => callRef.current?.retry(), []);
  const setVideoSendLimit = useCallback((limit: VideoSendLimit) => {
    void callRef.current?.setVideoSendLimit(limit);
  }, []);

  // The end, the room taken to another page, or the link refused now: every track stops (the
  // camera light goes off), the call closed above.
  const refused = entry.kind === 'invalid';
  useEffect(() => {
    if (ended || replaced || refused) stopMedia();
  }, [ended, replaced, refused, stopMedia]);

  const caseId = session?.caseId;
  const endCallNow = useCallback(() => {
    if (!caseId) return;
    setEnding(true);
    setEndError(null);
    endCall(caseId).then(
      () => {
        setEnding(false);
        setEnded(true);
      },
      (error: unknown) => {
        setEnding(false);
        setEndError(serverMessageOf(error) ?? END_CALL_FAILED);
      },
    );
  }, [caseId]);

  const startMeeting = useCallback(() => {
    if (!caseId) return;
    setStarting(true);
    setStartError(null);
    startTimer(caseId).then(
      (answer) => {
        setStarting(false);
        const times = { startedAt: answer.startedAt, endsAt: answer.endsAt };
        setStarted({ endsAt: answer.endsAt });
        callRef.current?.markStarted(times);
      },
      (error: unknown) => {
        setStarting(false);
        setStartError(serverMessageOf(error) ?? START_FAILED);
      },
    );
  }, [caseId]);

  const retry = useCallback(() => {
    setEntry({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  const { retry: requestMedia } = media;
  const takeBack = useCallback(() => {
    setReplaced(false);
    requestMedia();
    retry();
  }, [requestMedia, retry]);

  let phase: RoomPhase;
  if (entry.kind !== 'ready') phase = entry.kind;
  else if (ended) phase = 'ended';
  else if (replaced) phase = 'replaced';
  else if (started || session?.status === 'active') phase = 'in_call';
  else phase = 'waiting';

  // Start Call opened this tab inside the click and left the timer to the room (issue 27 item
  // 5): start it once, when the doctor's room has been entered and the call is not on yet.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || role !== 'provider' || phase !== 'waiting' || autoStarted.current) return;
    autoStarted.current = true;
    startMeeting();
  }, [autoStart, role, phase, startMeeting]);

  return {
    phase,
    session,
    media,
    remoteStream,
    connection,
    peerPresent,
    peerRejoined,
    endsAt,
    callState: phase === 'in_call' ? (callStatus ?? 'connecting') : null,
    retryCall,
    peerMedia,
    setVideoSendLimit,
    left,
    retry,
    takeBack,
    endCall: endCallNow,
    ending,
    endError,
    startMeeting,
    starting,
    startError,
  };
}
