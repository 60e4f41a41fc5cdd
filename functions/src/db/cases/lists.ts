/**
 * The case lists of the dashboards (the queue, a provider's own cases, every paid case, every
 * case): pages newest first, a filtered page, and a whole small list. Each list is one index
 * partition (`./keys.ts`), so no list reads the items of another.
 */
import { lists } from '../keys';
import { queryAll, queryPage, type QuerySpec, type StoredItem } from '../table';
import {
  CASE_QUEUE,
  caseKey,
  PAID_CASES,
  providerCasesPartition,
  type ProviderCaseStage,
} from './keys';
import { parseCase, type CaseRecord } from './record';

/** One page of a dashboard list: the cases and where the next page starts (null at the end). */
export interface CasePage {
  cases: CaseRecord[];
  /** The index sort key of the last case read; the next page starts after it. */
  lastSortKey: string | null;
}

/** A case list: which index, which partition, and (for gsi3) which sort key prefix. */
export interface CaseList {
  index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';
  partition: string;
  prefix?: string;
}

export const queueList: CaseList = { index: 'gsi2', partition: CASE_QUEUE };
export const paidCasesList: CaseList = { index: 'gsi4', partition: PAID_CASES };
/** Every case, paid or not (gsi1 `CASES`): the admin's case overview. */
export const allCasesList: CaseList = { index: 'gsi1', partition: lists.cases };
export const providerCasesList = (providerId: string, stage: ProviderCaseStage): CaseList => ({
  index: 'gsi3',
  partition: providerCasesPartition(providerId),
  prefix: `${stage}#`,
});

/** The Query of a whole list, newest first (the page reads add a `Limit` and a start). */
export function caseListQuery(list: CaseList): QuerySpec {
  return {
    IndexName: list.index,
    KeyConditionExpression: list.prefix
      ? `${list.index}pk = :pk AND begins_with(${list.index}sk, :prefix)`
      : `${list.index}pk = :pk`,
    ExpressionAttributeValues: {
      ':pk': list.partition,
      ...(list.prefix ? { ':prefix': list.prefix } : {}),
    },
    ScanIndexForward: false,
  };
}

/** Every index sort key of these lists ends with `#{caseId}`: the page start is rebuilt from it. */
const caseIdOfSortKey = (sortKey: string): string => sortKey.slice(sortKey.lastIndexOf('#') + 1);

/** The start key of a read of `list` that continues after the case at `sortKey`. */
export const startKeyAfter = (list: CaseList, sortKey: string): StoredItem => ({
  ...caseKey(caseIdOfSortKey(sortKey)),
  [`${list.index}pk`]: list.partition,
  [`${list.index}sk`]: sortKey,
});

/** A case as a list holds it: the record and its index sort key (a page may start after it). */
export interface ListedCase {
  record: CaseRecord;
  sortKey: string;
}

const listedCase = (list: CaseList, item: StoredItem): ListedCase => ({
  record: parseCase(item),
  sortKey: String(item[`${list.index}sk`]),
});

/**
 * The page of `limit` cases after `afterSortKey` (all of them without it), cut from cases of a
 * list read newest first, which hold at least `limit + 1` cases after that point, or the list's
 * end, or stop where DynamoDB cut its answer short (`cutShort`: its 1 MB per Query). One case
 * more than the page says whether another page exists, so the last page has no cursor.
 */
export function casePageOf(
  listed: ListedCase[],
  limit: number,
  afterSortKey?: string,
  cutShort = false,
): CasePage {
  // Sort keys are ASCII (times, UUIDs, prefixes): JavaScript orders them as DynamoDB does.
  const after = afterSortKey ? listed.filter((listed) => listed.sortKey < afterSortKey) : listed;
  const shown = after.slice(0, limit);
  return {
    cases: shown.map((listed) => listed.record),
    lastSortKey: after.length > limit || cutShort ? (shown.at(-1)?.sortKey ?? null) : null,
  };
}

/**
 * Access pattern: one page of a case list, newest first, starting after `afterSortKey`
 * (a sort key this function returned; the caller checked its shape and list).
 */
export async function listCasePage(
  list: CaseList,
  limit: number,
  afterSortKey?: string,
): Promise<CasePage> {
  const startKey = afterSortKey ? startKeyAfter(list, afterSortKey) : undefined;
  const { items, more } = await queryPage(caseListQuery(list), limit + 1, startKey);
  // Fewer items than asked and more to read: DynamoDB stopped at 1 MB (large intakes), so this
  // is not the list's end and the next page starts after the last case shown.
  const cutShort = more && items.length <= limit;
  return casePageOf(
    items.map((item) => listedCase(list, item)),
    limit,
    undefined,
    cutShort,
  );
}

/**
 * The most one filtered page request reads (`listMatchingCasePage`): items, and Query requests
 * (large intakes make DynamoDB stop at 1 MB after a few items). A request is bounded whatever
 * the list holds; a page cut short by this carries the position reached, and the next reads on.
 */
export const MATCHING_PAGE_READ_LIMITS = { items: 300, queries: 4 } as const;

/**
 * Access pattern: one page of the cases of a list that `keep` keeps (the dashboard's search and
 * status filter, features/cases/case-list.ts), newest first, after `afterSortKey`. A substring
 * of the summary as the card shows it, case-insensitive, and the status as the case reads now
 * (a lapsed claim is available again) are no key condition nor FilterExpression (`contains` is
 * case-sensitive, and DynamoDB charges the items a filter drops all the same), so the filter
 * runs on the items read: Queries of `Limit` page + 1, then the rest of `limits.items`, at most
 * `limits.queries` of them. The page ends after `limit` matches when one more exists, at the
 * list's end (no cursor), or where the reads stopped (the last case read: the next page reads
 * on from there, and may hold no match).
 */
export async function listMatchingCasePage(
  list: CaseList,
  options: {
    limit: number;
    afterSortKey?: string;
    keep: (caseRecord: CaseRecord) => boolean;
    limits?: { items: number; queries: number };
  },
): Promise<CasePage> {
  const limits = options.limits ?? MATCHING_PAGE_READ_LIMITS;
  const spec = caseListQuery(list);
  const matches: ListedCase[] = [];
  let after = options.afterSortKey;
  let read = 0;
  for (let queries = 1; ; queries += 1) {
    const chunk = queries === 1 ? options.limit + 1 : limits.items - read;
    const { items, more } = await queryPage(
      spec,
      Math.min(chunk, limits.items - read),
      after ? startKeyAfter(list, after) : undefined,
    );
    read += items.length;
    for (const item of items) {
      const listed = listedCase(list, item);
      if (!options.keep(listed.record)) continue;
      // One match more than the page: a next page exists, and starts after the last shown.
      if (matches.length === options.limit) return pageOfMatches(matches, matches.at(-1)!.sortKey);
      matches.push(listed);
    }
    const last = items.at(-1);
    if (!more || !last) return pageOfMatches(matches, null);
    after = listedCase(list, last).sortKey;
    if (read >= limits.items || queries >= limits.queries) return pageOfMatches(matches, after);
  }
}

const pageOfMatches = (matches: ListedCase[], lastSortKey: string | null): CasePage => ({
  cases: matches.map((listed) => listed.record),
  lastSortKey,
});

/**
 * Access pattern: every case of a list that stays small (one provider's active cases: their live
 * claims and calls), newest first, in one Query while it fits DynamoDB's 1 MB page. Its counters
 * and its pages are then computed from these cases as they read now (features/cases/case-list.ts).
 */
export async function listWholeCaseList(list: CaseList): Promise<ListedCase[]> {
  return (await queryAll(caseListQuery(list))).map((item) => listedCase(list, item));
}
