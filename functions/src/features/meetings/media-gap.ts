import {
  MAX_MEETING_EXTENSION_SECONDS,
  MEDIA_GAP_GRACE_SECONDS,
} from '@shared/meetings/dropped-call';
import type { RoomRole } from '@shared/meetings/room';
import type { MediaAccount } from '#db/meeting-media';

/**
 * The dropped-call accounting (issue 26 item 6, docs/adr/0019-dropped-call-time.md), pure: what
 * one party's media report does to the meeting's account at `now`. The server decides; the pages
 * only say whether they receive the other party's media (`{action:'media'}`), and `$disconnect`
 * says "no media" for a party whose last room connection closed.
 *
 * - Before media first flowed nothing counts (a party who never came is issue 27's, not this).
 * - A gap begins when the second party is without media (both are), and ends at the first report
 *   of media flowing from either; its length is added to the lost time.
 * - At the end of a gap, when the lost time in all is more than the grace and the meeting was
 *   never extended, `endsAt` moves once by the lost time in whole seconds, at most the cap.
 * - Only while the meeting is active and before its `endsAt`: an extension never revives a
 *   meeting that ended, and a report after the end changes nothing.
 */

/** The grace and the cap (shared/src/meetings/dropped-call.ts); the grace is a stack setting. */
export interface MediaGapRules {
  graceSeconds: number;
  maxExtensionSeconds: number;
}

export const defaultMediaGapRules: MediaGapRules = {
  graceSeconds: MEDIA_GAP_GRACE_SECONDS,
  maxExtensionSeconds: MAX_MEETING_EXTENSION_SECONDS,
};

/** The meeting's clock as stored: only an active meeting before `endsAt` (epoch ms) counts. */
export interface MeetingClock {
  status: string;
  endsAt: number | null;
}

/** A party's page receives the other party's media now (`flowing`), or does not. */
export interface MediaReport {
  role: RoomRole;
  flowing: boolean;
}

export interface MediaGapOutcome {
  account: MediaAccount;
  /** Set when this report moved the end: the new `endsAt` (epoch ms) and by how much. */
  extension: { endsAt: number; extendedBySeconds: number } | null;
}

const otherRole = (role: RoomRole): RoomRole => (role === 'patient' ? 'provider' : 'patient');

/**
 * What `report` at `now` makes of `account`; null when it changes nothing (a repeat, or the
 * meeting is not running at `now`), so the caller writes nothing.
 */
export function accountMediaReport(
  clock: MeetingClock,
  account: MediaAccount,
  report: MediaReport,
  now: number,
  rules: MediaGapRules = defaultMediaGapRules,
): MediaGapOutcome | null {
  if (clock.status !== 'active' || clock.endsAt === null || now >= clock.endsAt) return null;
  const next: MediaAccount = { ...account, [report.role]: report.flowing };
  if (report.flowing) {
    next.firstFlowAt ??= now;
    if (account.gapStartedAt !== null) {
      // Reports applied out of order (one Lambda each) may carry an earlier time than the gap's.
      next.lostMs += Math.max(0, now - account.gapStartedAt);
      next.gapStartedAt = null;
    }
  } else if (
    account.firstFlowAt !== null &&
    account.gapStartedAt === null &&
    !account[otherRole(report.role)]
  ) {
    next.gapStartedAt = now;
  }

  const gapEnded = account.gapStartedAt !== null && next.gapStartedAt === null;
  let extension: MediaGapOutcome['extension'] = null;
  if (gapEnded && next.extendedBySeconds === null && next.lostMs > rules.graceSeconds * 1000) {
    const extendedBySeconds = Math.min(Math.round(next.lostMs / 1000), rules.maxExtensionSeconds);
    next.extendedBySeconds = extendedBySeconds;
    extension = { endsAt: clock.endsAt + extendedBySeconds * 1000, extendedBySeconds };
  }
  const changed = (Object.keys(next) as (keyof MediaAccount)[]).some(
    (field) => next[field] !== account[field],
  );
  return changed ? { account: next, extension } : null;
}
