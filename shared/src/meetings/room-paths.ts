/**
 * A join link's parts and paths (DESIGN.md §7), in a module without schemas: the case
 * transitions that schedule a meeting build join links, and importing `roomPath` from
 * `room.ts` built the room's schemas at the cold start of every function that changes a case.
 * `room.ts` re-exports these.
 */
export const roomRoles = ['patient', 'provider'] as const;
export type RoomRole = (typeof roomRoles)[number];

/** Query and fragment names of a join link. `case_id` is the provider's (spec doc 2 §7). */
export const ROOM_ROLE_PARAM = 'role';
export const ROOM_TOKEN_PARAM = 'token';
export const ROOM_CASE_ID_PARAM = 'case_id';
/**
 * `start=1` on the provider's link from Start Call: the room itself starts the 15-minute timer
 * once the doctor is in it (the dashboard opens the tab inside the click and awaits nothing).
 */
export const ROOM_START_PARAM = 'start';

/**
 * The room page's URL of a join link, as the server builds it and the page reads it: the token
 * goes into the fragment (never sent to a server).
 */
export function roomPath(meetingId: string, role: RoomRole, token: string): string {
  const fragment = new URLSearchParams({ [ROOM_TOKEN_PARAM]: token });
  return `/room/${encodeURIComponent(meetingId)}?${ROOM_ROLE_PARAM}=${role}#${fragment.toString()}`;
}

/** The token of a join link's fragment (`#token=…`), or null. */
export function roomTokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(ROOM_TOKEN_PARAM);
}
