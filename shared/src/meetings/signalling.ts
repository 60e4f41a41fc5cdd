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
 * invocation each), so pages hold candidates that arrive before their offer or answer.
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
export const signalSchema = z.union([
  z.object({ description: sessionDescriptionSchema }),
  z.object({ candidate: iceCandidateSchema.nullable() }),
]);
export type Signal = z.infer<typeof signalSchema>;

const peerIdSchema = z.string().min(8).max(64);

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
  signal: signalSchema,
});
export type RoomSignalMessage = z.infer<typeof roomSignalMessageSchema>;

/** Server → room connections. */
export const roomServerMessageSchema = z.discriminatedUnion('type', [
  /** The other party's signal, relayed. */
  z.object({
    type: z.literal('SIGNAL'),
    from: roomRoleSchema,
    peerId: peerIdSchema,
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
