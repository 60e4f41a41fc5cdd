import type {
  CaseListQuery,
  CaseListResponse,
  CaseListView,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';
import {
  caseSearchOf,
  matchesCaseSearch,
  wholeCaseIdOf,
  type CaseSearch,
} from '@shared/cases/case-search';
import { dashboardCountersRead } from '#db/case-counters';
import { bothReads, mapRead } from '#db/item-reads';
import { waitingCountRead, type WaitingCount } from '#db/waiting-counter';
import { getCaseRecord } from '#db/cases/bundle';
import {
  casePageOf,
  listCasePage,
  listMatchingCasePage,
  listWholeCaseList,
  paidCasesList,
  providerCasesList,
  queueList,
  type CaseList,
  type CasePage,
  type ListedCase,
} from '#db/cases/lists';
import type { CaseRecord } from '#db/cases/record';
import type { Session } from '#lib/auth/sessions';
import { availableCount } from './available-count';
import { decodeCursor, encodeCursor } from './case-list-cursor';
import { toProviderCaseSummary } from './provider-views';

/**
 * `GET /api/cases` (docs/access-patterns.md pattern 29): one page of one dashboard list and the
 * four counters, every figure as the cases read now (claim-lease.ts: a lapsed claim is available
 * again, a call past its `endsAt` completed), in as few DynamoDB requests as that allows, none of
 * which reads the queue whole (issue 29 item 1):
 * - Total, Completed and the waiting part of Available are counter items, read in the request
 *   of the account re-check (`caseListCountersRead`, lib/auth/authorize.ts);
 * - Available adds the claims whose lease lapsed and that are not yet released: a COUNT of the
 *   lapsed leases only (available-count.ts, docs/adr/0027);
 * - the provider's active cases (gsi3 `ACTIVE#`: their live claims and calls, a few) are read
 *   whole in one Query: My Active, the calls past their `endsAt` (completed before their end is
 *   stored, so Completed adds them) and the My Active page all come from it;
 * - the page of the Available, Completed and All views is one Query of `limit + 1` cases.
 * The queue index also holds claimed cases whose meeting has not started, because their lease
 * may lapse: the Available page leaves out the live claims.
 * Session GetItem, BatchGetItem, the active cases and the lapsed leases: 4 requests for My
 * Active, 5 for the other views (their page is a Query of its own).
 * With a search or a status filter (@shared/cases/case-search.ts) the page holds the cases of the list that
 * match, read on until a page is full, bounded per request (`listMatchingCasePage`); a whole
 * case id is one GetItem of the case instead.
 */
export async function listProviderCases(
  providerId: string,
  query: CaseListQuery,
  stored: StoredCounters,
  now = new Date(),
): Promise<CaseListResponse> {
  const afterSortKey = query.cursor ? decodeCursor(query.view, query.cursor) : undefined;
  const summariesOf = (cases: CaseRecord[]) =>
    cases
      .map((caseRecord) => toProviderCaseSummary(caseRecord, providerId, now))
      .filter((summary): summary is ProviderCaseSummary => summary !== null);
  const mineRead = listWholeCaseList(providerCasesList(providerId, 'ACTIVE'));
  const [mine, page, available] = await Promise.all([
    mineRead,
    viewPage(query, afterSortKey, { providerId, now, mine: mineRead }),
    availableCount(stored.waiting, now),
  ]);
  const mineNow = summariesOf(mine.map((listed) => listed.record));
  // Calls past `endsAt` read completed before their end is stored (claim-lease.ts).
  const endedCalls = mineNow.filter((summary) => summary.status === 'completed').length;
  return {
    cases: summariesOf(page.cases).filter((summary) => belongsTo(query.view, summary)),
    counts: {
      available,
      myActive: mineNow.filter((summary) => belongsTo('mine', summary)).length,
      completed: stored.completed + endedCalls,
      total: stored.paid,
    },
    nextCursor: page.lastSortKey ? encodeCursor(query.view, page.lastSortKey) : null,
  };
}

/** The counter items as stored: cases ever paid, calls this provider completed, the waiting. */
export interface StoredCounters {
  paid: number;
  completed: number;
  waiting: WaitingCount;
}

/** The counter items of `GET /api/cases`, read with the account re-check (list.handler.ts). */
export const caseListCountersRead = (session: Session) =>
  mapRead(
    bothReads(dashboardCountersRead(session.subjectId), waitingCountRead),
    ([counters, waiting]): StoredCounters => ({ ...counters, waiting }),
  );

interface PageContext {
  providerId: string;
  now: Date;
  /** The provider's active cases, read whole (the My Active page is cut from them). */
  mine: Promise<ListedCase[]>;
}

/** The page of the view: bounded reads whatever the queue holds (`limit + 1` cases a Query). */
function viewPage(
  query: CaseListQuery,
  afterSortKey: string | undefined,
  context: PageContext,
): Promise<CasePage> {
  const search = caseSearchOf(query);
  if (search) return matchingPage(query, afterSortKey, search, context);
  if (query.view === 'mine') {
    return context.mine.then((mine) => casePageOf(mine, query.limit, afterSortKey));
  }
  return listCasePage(listOf(query.view, context.providerId), query.limit, afterSortKey);
}

/**
 * The page of the cases of the view that match the search, as they read now: the case of a whole
 * id by its key (on the first page only: it is the whole answer), My Active cut from the active
 * cases read whole, the other views read on until the page is full (bounded per request).
 */
async function matchingPage(
  query: CaseListQuery,
  afterSortKey: string | undefined,
  search: CaseSearch,
  context: PageContext,
): Promise<CasePage> {
  const keep = (caseRecord: CaseRecord) => {
    const summary = toProviderCaseSummary(caseRecord, context.providerId, context.now);
    return summary !== null && inView(query.view, summary) && matchesCaseSearch(summary, search);
  };
  const caseId = wholeCaseIdOf(search);
  if (caseId !== null) {
    const caseRecord = afterSortKey ? null : await getCaseRecord(caseId);
    return { cases: caseRecord && keep(caseRecord) ? [caseRecord] : [], lastSortKey: null };
  }
  if (query.view === 'mine') {
    const mine = await context.mine;
    return casePageOf(
      mine.filter((listed) => keep(listed.record)),
      query.limit,
      afterSortKey,
    );
  }
  return listMatchingCasePage(listOf(query.view, context.providerId), {
    limit: query.limit,
    afterSortKey,
    keep,
  });
}

function listOf(view: Exclude<CaseListView, 'mine'>, providerId: string): CaseList {
  switch (view) {
    case 'available':
      return queueList;
    case 'completed':
      return providerCasesList(providerId, 'DONE');
    case 'all':
      return paidCasesList;
  }
}

/**
 * What the index holds but the view does not show, as the case reads now: a live claim in the
 * queue, a lapsed claim or a call past its `endsAt` among mine (the Completed list shows it
 * once the end is stored, at most the Scheduler's minute later). A page may then be shorter
 * than `limit`; the cursor still moves past it. The counters count what the views show.
 */
function belongsTo(view: CaseListView, summary: ProviderCaseSummary): boolean {
  if (view === 'available') return summary.status === 'paid';
  if (view === 'mine') return summary.claimedByMe && summary.status !== 'completed';
  return true;
}

/**
 * Whether the view lists the case, as it reads now. `belongsTo` is what a read of the view's
 * index then drops; a case read by its key (a whole id searched) is also checked for being the
 * provider's own completed case in Completed, which its index otherwise answers for.
 */
function inView(view: CaseListView, summary: ProviderCaseSummary): boolean {
  if (view === 'completed') return summary.claimedByMe && summary.status === 'completed';
  return belongsTo(view, summary);
}
