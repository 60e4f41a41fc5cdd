import { MAX_MEETING_EXTENSION_SECONDS } from '@shared/meetings/dropped-call';
import type { RoomRole } from '@shared/meetings/room';
import { readMeetingMedia, saveMediaAccount, type MeetingMedia } from '#db/meeting-media';
import { env } from '#core/env';
import { accountMediaReport, type MediaGapOutcome } from './media-gap';

/**
 * Applying a media report to the stored account (docs/adr/0019-dropped-call-time.md): read,
 * account (media-gap.ts), write conditionally on what was read, and on a lost race read again.
 * Kept free of the case record's schema: `$disconnect` reports through `recordMediaLost`.
 */

/** Where a report comes from: the room connection's case, meeting and role. */
export interface MediaSource {
  caseId: string;
  meetingId: string;
  role: RoomRole;
}

/** Writes one outcome over the account it was computed from: false when another write won. */
export type MediaCommit = (read: MeetingMedia, outcome: MediaGapOutcome) => Promise<boolean>;

/** Each lost race means another report was written: a room has two parties, so few at most. */
const MAX_ATTEMPTS = 6;

/**
 * Applies `flowing` from `source` at `now` and answers what was written, or null when the
 * report changed nothing (a repeat, another meeting, or a meeting not running at `now`).
 */
export async function applyMediaReport(
  source: MediaSource,
  flowing: boolean,
  now: Date,
  commit: MediaCommit,
): Promise<{ read: MeetingMedia; outcome: MediaGapOutcome } | null> {
  const rules = {
    graceSeconds: env.mediaGapGraceSeconds,
    maxExtensionSeconds: MAX_MEETING_EXTENSION_SECONDS,
  };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const read = await readMeetingMedia(source.caseId);
    if (!read || read.meetingId !== source.meetingId) return null;
    const clock = { status: read.status, endsAt: read.endsAt ? Date.parse(read.endsAt) : null };
    const report = { role: source.role, flowing };
    const outcome = accountMediaReport(clock, read.account, report, now.getTime(), rules);
    if (!outcome) return null;
    if (await commit(read, outcome)) return { read, outcome };
  }
  throw new Error(`media report lost its write ${MAX_ATTEMPTS} times`);
}

/**
 * A party's last room connection closed (`$disconnect`): that party has no media now. This can
 * begin a gap but never end one, so it never moves the end.
 */
export async function recordMediaLost(source: MediaSource, now = new Date()): Promise<void> {
  await applyMediaReport(source, false, now, (read, outcome) =>
    saveMediaAccount(source.caseId, read, outcome.account),
  );
}
