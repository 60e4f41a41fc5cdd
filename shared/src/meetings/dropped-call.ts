/**
 * A dropped call costs no paid minutes (issue 26 item 6, docs/spec-deviations.md): when, after
 * media first flowed, both parties were without the other's media for more than
 * `MEDIA_GAP_GRACE_SECONDS` in all, the server moves `endsAt` once by the time lost, at most
 * `MAX_MEETING_EXTENSION_SECONDS`; both rooms and the Scheduler's end follow.
 */
export const MEDIA_GAP_GRACE_SECONDS = 60;
export const MAX_MEETING_EXTENSION_SECONDS = 180;
