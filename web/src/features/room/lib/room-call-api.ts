import type { RoomRole, RoomSessionResponse } from '@shared/meetings/room';
import type { MediaState } from '@shared/meetings/signalling';
import type { CallStatus } from './call-machine';
import type { CallQuality } from './call-quality';
import type { MediaKind, VideoSendLimit } from './peer-link';
import type { WakeSources } from './wake-events';

/** What a room page gives its call (lib/room-call.ts), hears from it, and may ask of it. */

export interface RoomCallEvents {
  /** The other party's media, or null while there is none (a fresh peer connection). */
  onRemoteStream(stream: MediaStream | null): void;
  /** The doctor started the timer: the page begins the call and counts to `endsAt`. */
  onStarted(started: { startedAt: string; endsAt: string }): void;
  /** The server ended the meeting (or refuses it as ended): the page shows the end screen. */
  onEnded(): void;
  /** The call's quality (lib/call-quality.ts), read every `STATS_INTERVAL_MS`; null while no link. */
  onConnection(quality: CallQuality | null): void;
  /** Whether the other party's page is in the room (hello / left). */
  onPeerPresent?(present: boolean): void;
  /** The other party came back on a new page (reloaded, or opened the room elsewhere). */
  onPeerRejoined?(): void;
  /** This party opened the room on another page: this one stopped for good. */
  onReplaced?(): void;
  /** connecting / connected / reconnecting / failed; null before the start and after the end. */
  onCallState?(state: CallStatus | null): void;
  /** The other party's microphone and camera as they send them; null until they say. */
  onPeerMedia?(state: MediaState | null): void;
  /** The server moved `endsAt` after a dropped call (MEETING_EXTENDED). */
  onExtended?(extended: { endsAt: string; serverTime: string }): void;
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
   * renews a stuck peer connection.
   */
  peerId?: string;
  /** Makes the next `peerId` (tests pass their own). */
  newPeerId?: () => string;
  /** Where the network and visibility hints come from (the browser's by default). */
  wakeSources?: WakeSources | null;
}

export interface RoomCall {
  /**
   * The meeting started (this page's own start-timer answer): the same as `MEETING_STARTED`,
   * in case that push is late. Idempotent.
   */
  markStarted(started: { startedAt: string; endsAt: string }): void;
  /** The failed state's 'Try Again': a fresh attempt. */
  retry(): void;
  /** This page's microphone / camera toggles: the other page shows Muted / Camera off. */
  setLocalMediaState(state: MediaState): void;
  /** A re-acquired or switched device, on the same peer connection (no renegotiation). */
  replaceTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void>;
  /** Caps the video bitrate, or stops sending video (`active: false`) for audio only. */
  setVideoSendLimit(limit: VideoSendLimit): Promise<void>;
  /** Stops everything: the socket, the peer connection, the timers. Idempotent. */
  close(): void;
}
