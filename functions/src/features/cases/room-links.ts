import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { roomPath, type RoomRole } from '@shared/meetings/room-paths';
import { env } from '#core/env';

export type { RoomRole };

/*
 * The meeting's ids and signed join links. They live with the case, not in meetings/, because
 * the claim (`transitions.ts`) mints them, and meetings/ builds on cases/, never the other way
 * (docs/architecture.md, "The layers at a glance"); the room session verifies them.
 */

/** A room link stays valid for a day: the case itself is kept 24 hours (spec doc 1 §9). */
const ROOM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(meetingId: string, caseId: string, role: RoomRole, expiresAt: number): string {
  return createHmac('sha256', env.roomTokenSecret)
    .update(`room.${meetingId}.${caseId}.${role}.${expiresAt}`)
    .digest('base64url');
}

/**
 * `{caseId}.{expiresAt}.{signature}`: the room token of one role (DESIGN.md §7), signed over
 * the meeting id, the case id, the role and the expiry. It carries the case id because meetings
 * are stored under their case (`db/meetings.ts`): the room session route, which gets only the
 * meeting id in its path, finds the meeting in one read. The token is the capability; it
 * travels only in the join link's fragment and in POST bodies, never in a URL a server sees.
 */
export function roomToken(
  meetingId: string,
  caseId: string,
  role: RoomRole,
  now = Date.now(),
): string {
  const expiresAt = now + ROOM_LINK_LIFETIME_MS;
  return `${caseId}.${expiresAt}.${signature(meetingId, caseId, role, expiresAt)}`;
}

/**
 * The case id of a valid token of this meeting and role, or null (wrong meeting, other role,
 * expired, forged). The signatures are compared in constant time.
 */
export function verifyRoomToken(
  meetingId: string,
  role: RoomRole,
  token: string,
  now = Date.now(),
): string | null {
  const [caseId, expiresRaw, given, extra] = token.split('.');
  const expiresAt = Number(expiresRaw);
  if (!caseId || !UUID.test(caseId) || !given || extra !== undefined) return null;
  if (!Number.isInteger(expiresAt) || expiresAt <= now) return null;
  const expected = Buffer.from(signature(meetingId, caseId, role, expiresAt));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? caseId : null;
}

/** The join link of one role: the app's room page with the token in the fragment. */
export function roomLink(
  meetingId: string,
  caseId: string,
  role: RoomRole,
  now = Date.now(),
): string {
  return new URL(roomPath(meetingId, role, roomToken(meetingId, caseId, role, now)), env.appBaseUrl)
    .href;
}

/** A readable meeting number for support calls, like `482 913 0571`. */
export function newMeetingNumber(): string {
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

export function newMeetingId(): string {
  return randomUUID();
}
