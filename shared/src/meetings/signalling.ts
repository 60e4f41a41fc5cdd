import * as z from 'zod';
import { roomRoleSchema } from './room';

/**
 * Signalling of the room over `/ws` (DESIGN.md §7): room connections are a channel of their own,
 * never on the provider alert list. Each party has one live room page: its newest
 * connection (docs/adr/0013-room-connections.md). Offers, answers and ICE candidates are relayed
 * to the other party's current connection only, while the meeting is active and before `endsAt`; afterwards the server
 * answers `SIGNAL_REFUSED` and pushes `MEETING_ENDED`.
 *
 * `peerId` is random per page load, and new when the doctor's page renews a peer connection
 * whose ICE never started: when it changes, the page starts a fresh `RTCPeerConnection` instead
 * of negotiating with a dead one. Relayed messages can overtake each other (one Lambda
 * invocation each), so every signal carries its sender's `seq` (one counter per page, rising
 * with each signal) and the `peerId` of the page it is `to`: a page drops a signal addressed to
 * another page, and a description older than one it already applied from that sender; it holds
 * candidates that arrive before their offer or answer (issue 26, DESIGN.md §7).
 *
 * Only the doctor's page offers (the first offer and every ICE restart); the patient's page
 * answers, and when its media path fails it asks with `{ request: 'restart' }`.
 */
export const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(100_000).optional(),
});
export const iceCandidateSchema = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(100).nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
/** The sender's microphone and camera as it sends them: the other page shows Muted / Camera off. */
export const mediaStateSchema = z.object({ audio: z.boolean(), video: z.boolean() });
export type MediaState = z.infer<typeof mediaStateSchema>;

export const signalSchema = z.union([
  z.object({ description: sessionDescriptionSchema }),
  z.object({ candidate: iceCandidateSchema.nullable() }),
  z.object({ media: mediaStateSchema }),
  /** The patient's page asks the doctor's page for an ICE restart (only the doctor restarts). */
  z.object({ request: z.literal('restart') }),
]);
export type Signal = z.infer<typeof signalSchema>;

const peerIdSchema = z.string().min(8).max(64);
/** A page's signal counter: rises by one with each signal it sends (per `peerId`). */
const seqSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * During a call the room page pings this often and treats a PONG that has not come back within
 * `ROOM_HEARTBEAT_TIMEOUT_MS` as a dead socket: it closes it and reconnects at once, so a Wi-Fi
 * to cellular switch costs seconds, not the minutes a browser takes to notice (issue 26).
 */
export const ROOM_HEARTBEAT_INTERVAL_MS = 10_000;
export const ROOM_HEARTBEAT_TIMEOUT_MS = 5_000;
/**
 * When ICE goes `disconnected` (maybe a new network), the page pings at once and gives the socket
 * this long: a PONG takes well under a second on a live path, and a needless reconnect costs
 * little, while every second here is a second of frozen call after a network switch.
 */
export const ROOM_PROBE_TIMEOUT_MS = 2_500;

/**
 * Client → server, once the room socket is open: announces this page to the other party, who
 * then starts negotiating (a `PEER_JOINED`). Sent after the connect completed, so two parties
 * joining at the same moment still hear of each other (both negotiate; perfect negotiation
 * settles the glare).
 */
export const roomHelloMessageSchema = z.object({
  action: z.literal('hello'),
  peerId: peerIdSchema,
});
export type RoomHelloMessage = z.infer<typeof roomHelloMessageSchema>;

/** Client → server on a room connection. (`{action:'ping'}` is the keep-alive of every channel.) */
export const roomSignalMessageSchema = z.object({
  action: z.literal('signal'),
  peerId: peerIdSchema,
  /** The other party's page this signal is for (its `peerId` from `PEER_JOINED` or a signal). */
  to: peerIdSchema,
  seq: seqSchema,
  signal: signalSchema,
});
export type RoomSignalMessage = z.infer<typeof roomSignalMessageSchema>;

/**
 * Client → server while the meeting is active: whether this page receives the other party's
 * media now (ICE connected and a remote track), sent on each change and after each hello. The
 * server keeps the time during which neither party had media after it first flowed, and moves
 * `endsAt` once when it passes `MEDIA_GAP_GRACE_SECONDS` (shared/src/meetings/dropped-call.ts).
 */
export const roomMediaMessageSchema = z.object({
  action: z.literal('media'),
  peerId: peerIdSchema,
  flowing: z.boolean(),
});
export type RoomMediaMessage = z.infer<typeof roomMediaMessageSchema>;

/** Server → room connections. */
export const roomServerMessageSchema = z.discriminatedUnion('type', [
  /** The other party's signal, relayed. */
  z.object({
    type: z.literal('SIGNAL'),
    from: roomRoleSchema,
    peerId: peerIdSchema,
    to: peerIdSchema,
    seq: seqSchema,
    signal: signalSchema,
  }),
  /** The other party's page said hello (joined, reloaded or reconnected its socket). */
  z.object({ type: z.literal('PEER_JOINED'), role: roomRoleSchema, peerId: peerIdSchema }),
  /** The other party's last connection closed. */
  z.object({ type: z.literal('PEER_LEFT'), role: roomRoleSchema }),
  /** The doctor started the meeting timer: the times the countdown runs to. */
  z.object({
    type: z.literal('MEETING_STARTED'),
    startedAt: z.string(),
    endsAt: z.string(),
    serverTime: z.string(),
  }),
  /**
   * The call lost media for longer than the grace in all, so `endsAt` moved once by the lost
   * time (at most `MAX_MEETING_EXTENSION_SECONDS`): the rooms count to the new `endsAt`.
   */
  z.object({
    type: z.literal('MEETING_EXTENDED'),
    endsAt: z.string(),
    extendedBySeconds: z.number().int().positive(),
    serverTime: z.string(),
  }),
  /** The meeting is over (timer or 'End Call'); the server closes the connection after this. */
  z.object({
    type: z.literal('MEETING_ENDED'),
    endedAt: z.string(),
    reason: z.enum(['timer', 'provider']),
  }),
  /** A signal the server did not relay: the meeting is not active, or `endsAt` has passed. */
  z.object({ type: z.literal('SIGNAL_REFUSED'), reason: z.enum(['not_started', 'ended']) }),
  /**
   * This party opened the room on another page (another tab, window or device): that page is
   * the party's one live room page now, and the server closes this connection after this.
   */
  z.object({ type: z.literal('ROOM_REPLACED') }),
]);
export type RoomServerMessage = z.infer<typeof roomServerMessageSchema>;
