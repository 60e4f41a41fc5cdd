import { meetingKey } from './meeting-key';
import { conditionalUpdate, getItem, type StoredItem, type UpdateSpec } from './table';
import { updateTx, type TransactItem } from './transaction';

/**
 * The meeting's dropped-call account (issue 26 item 6, docs/adr/0019-dropped-call-time.md): one
 * map attribute `mediaGap` on the meeting item, kept by features/meetings/media-gap.ts. Read and
 * written field by field, without the record's schema: `$disconnect` writes it too and bundles
 * no schema library (like db/connections.ts). Every write is conditional on the account's
 * `version` it read, so of two reports handled at once (one Lambda each) one wins and the other
 * reads again: none is counted twice or lost.
 */
export interface MediaAccount {
  /** Whether each party's page receives the other party's media now (false until it says so). */
  patient: boolean;
  provider: boolean;
  /** When media first flowed (epoch ms); before it nothing counts. */
  firstFlowAt: number | null;
  /** When the current gap began: both parties without media (epoch ms); null outside a gap. */
  gapStartedAt: number | null;
  /** Time lost in the gaps that ended, in milliseconds. */
  lostMs: number;
  /** Set once, when `endsAt` moved by the lost time. */
  extendedBySeconds: number | null;
}

export const emptyMediaAccount: MediaAccount = {
  patient: false,
  provider: false,
  firstFlowAt: null,
  gapStartedAt: null,
  lostMs: 0,
  extendedBySeconds: null,
};

/** The meeting as the accounting reads it: its clock, its account and the account's version. */
export interface MeetingMedia {
  meetingId: string;
  status: string;
  endsAt: string | null;
  account: MediaAccount;
  /** 0 before the first write; each write adds one. */
  version: number;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

function accountOf(stored: unknown): { account: MediaAccount; version: number } {
  if (typeof stored !== 'object' || stored === null) {
    return { account: emptyMediaAccount, version: 0 };
  }
  const field = (name: string): unknown => (stored as Record<string, unknown>)[name];
  return {
    account: {
      patient: field('patient') === true,
      provider: field('provider') === true,
      firstFlowAt: numberOrNull(field('firstFlowAt')),
      gapStartedAt: numberOrNull(field('gapStartedAt')),
      lostMs: numberOrNull(field('lostMs')) ?? 0,
      extendedBySeconds: numberOrNull(field('extendedBySeconds')),
    },
    version: numberOrNull(field('version')) ?? 0,
  };
}

function meetingMediaOf(item: StoredItem | undefined): MeetingMedia | null {
  if (typeof item?.id !== 'string' || typeof item.status !== 'string') return null;
  return {
    meetingId: item.id,
    status: item.status,
    endsAt: typeof item.endsAt === 'string' ? item.endsAt : null,
    ...accountOf(item.mediaGap),
  };
}

/** Access pattern: a case's meeting clock and media account (one consistent GetItem). */
export async function readMeetingMedia(caseId: string): Promise<MeetingMedia | null> {
  return meetingMediaOf(
    await getItem(meetingKey(caseId), {
      consistent: true,
      attributes: ['pk', 'sk', 'id', 'status', 'endsAt', 'mediaGap'],
    }),
  );
}

/**
 * The write of `next` over the account `read`: only for the same meeting, still active, with the
 * same `endsAt` and account version; with `endsAt`, the end moves too (the extension).
 */
function accountUpdate(read: MeetingMedia, next: MediaAccount, endsAt?: string): UpdateSpec {
  const stored = { ...next, version: read.version + 1 };
  return {
    UpdateExpression: `SET mediaGap = :next${endsAt ? ', endsAt = :newEndsAt' : ''}`,
    ConditionExpression:
      'id = :meetingId AND #status = :active AND endsAt = :endsAt AND ' +
      (read.version === 0 ? 'attribute_not_exists(mediaGap)' : 'mediaGap.version = :version'),
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':next': stored,
      ':meetingId': read.meetingId,
      ':active': 'active',
      ':endsAt': read.endsAt,
      ...(read.version === 0 ? {} : { ':version': read.version }),
      ...(endsAt ? { ':newEndsAt': endsAt } : {}),
    },
  };
}

/** Access pattern: store the account as the accounting left it; false when another write won. */
export function saveMediaAccount(
  caseId: string,
  read: MeetingMedia,
  next: MediaAccount,
): Promise<boolean> {
  return conditionalUpdate(meetingKey(caseId), accountUpdate(read, next));
}

/**
 * The account and the meeting's new `endsAt`, as a transaction item: the extension writes it with
 * the case's own copy of `endsAt` (db/cases/call.ts `caseEndsAtMovedTx`).
 */
export function meetingExtendedTx(
  caseId: string,
  read: MeetingMedia,
  next: MediaAccount,
  endsAt: string,
): TransactItem {
  return updateTx(meetingKey(caseId), accountUpdate(read, next, endsAt));
}
