import type {
  CaseCounts,
  CaseListQuery,
  CaseListResponse,
  CaseListView,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';
import {
  countCases,
  listCasePage,
  listQueue,
  paidCasesList,
  providerCasesList,
  type CasePage,
} from '../../db/cases';
import { decodeCursor, encodeCursor } from './case-list-cursor';
import { effectiveCase } from './claim-lease';
import { toProviderCaseSummary } from './provider-views';

/**
 * `GET /api/cases` (docs/access-patterns.md): one page of one dashboard list and the four
 * counters, all from index queries. The queue (paid, or claimed and not yet started) is small by
 * design and read whole: it gives the Available list and its counter, with lapsed claims counted
 * as available. My Active, Completed and All are read a page at a time from their own indexes;
 * their counters are `Select: COUNT` queries, which send no items.
 */
export async function listProviderCases(
  providerId: string,
  query: CaseListQuery,
  now = new Date(),
): Promise<CaseListResponse> {
  const afterSortKey = query.cursor ? decodeCursor(query.view, query.cursor) : undefined;
  const [queue, myActive, completed, total] = await Promise.all([
    listQueue(),
    countCases(providerCasesList(providerId, 'ACTIVE'), { excludeLapsedClaimsAt: now }),
    countCases(providerCasesList(providerId, 'DONE')),
    countCases(paidCasesList),
  ]);
  const available = queue.filter((entry) => effectiveCase(entry.case, now).status === 'paid');
  const counts: CaseCounts = { available: available.length, myActive, completed, total };

  const page =
    query.view === 'available'
      ? pageOf(available, query.limit, afterSortKey)
      : await listCasePage(listOf(query.view, providerId), query.limit, afterSortKey);
  return {
    cases: summariesOf(page, query.view, providerId, now),
    counts,
    nextCursor: page.lastSortKey ? encodeCursor(query.view, page.lastSortKey) : null,
  };
}

function listOf(view: Exclude<CaseListView, 'available'>, providerId: string) {
  if (view === 'mine') return providerCasesList(providerId, 'ACTIVE');
  if (view === 'completed') return providerCasesList(providerId, 'DONE');
  return paidCasesList;
}

/** A page of the queue, already read whole, newest first (sort keys descend). */
function pageOf(
  entries: Awaited<ReturnType<typeof listQueue>>,
  limit: number,
  afterSortKey: string | undefined,
): CasePage {
  const rest = afterSortKey ? entries.filter((entry) => entry.sortKey < afterSortKey) : entries;
  const shown = rest.slice(0, limit);
  return {
    cases: shown.map((entry) => entry.case),
    lastSortKey: rest.length > limit ? (shown.at(-1)?.sortKey ?? null) : null,
  };
}

/** The cards; My Active leaves out claims that lapsed (they read as available). */
function summariesOf(
  page: CasePage,
  view: CaseListView,
  providerId: string,
  now: Date,
): ProviderCaseSummary[] {
  return page.cases
    .map((caseRecord) => toProviderCaseSummary(caseRecord, providerId, now))
    .filter((summary): summary is ProviderCaseSummary => summary !== null)
    .filter((summary) => view !== 'mine' || summary.claimedByMe);
}
