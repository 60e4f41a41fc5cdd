import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { env } from '../../lib/env';

export type RoomRole = 'patient' | 'provider';

/** A room link stays valid for a day: the case itself is kept 24 hours (spec doc 1 §9). */
const ROOM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

function signature(meetingId: string, role: RoomRole, expiresAt: number): string {
  return createHmac('sha256', env.roomTokenSecret)
    .update(`${meetingId}.${role}.${expiresAt}`)
    .digest('base64url');
}

/** `{expiresAt}.{signature}`: the room token of one role (DESIGN.md §7). */
export function roomToken(meetingId: string, role: RoomRole, now = Date.now()): string {
  const expiresAt = now + ROOM_LINK_LIFETIME_MS;
  return `${expiresAt}.${signature(meetingId, role, expiresAt)}`;
}

export function verifyRoomToken(
  meetingId: string,
  role: RoomRole,
  token: string,
  now = Date.now(),
): boolean {
  const [expiresRaw, given] = token.split('.');
  const expiresAt = Number(expiresRaw);
  if (!given || !Number.isInteger(expiresAt) || expiresAt <= now) return false;
  const expected = Buffer.from(signature(meetingId, role, expiresAt));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function roomLink(meetingId: string, role: RoomRole, now = Date.now()): string {
  const url = new URL(`/room/${meetingId}`, env.appBaseUrl);
  url.searchParams.set('role', role);
  url.searchParams.set('token', roomToken(meetingId, role, now));
  return url.toString();
}

/** A readable meeting number for support calls, like `482 913 0571`. */
export function newMeetingNumber(): string {
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

export function newMeetingId(): string {
  return randomUUID();
}
