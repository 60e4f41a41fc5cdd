import type {
  CaseListQuery,
  CaseListResponse,
  CaseListView,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';
import {
  countCases,
  listCasePage,
  paidCasesList,
  providerCasesList,
  queueList,
  type CaseList,
} from '../../db/cases';
import { completedCaseCount, paidCaseCount } from '../../db/case-counters';
import { decodeCursor, encodeCursor } from './case-list-cursor';
import { toProviderCaseSummary } from './provider-views';

/**
 * `GET /api/cases` (docs/access-patterns.md): one page of one dashboard list and the four
 * counters. A page reads `limit + 1` items of its index. Total and Completed are counter items
 * (every case ever paid, every call a provider completed: too many to count per refresh);
 * Available and My Active are `Select: COUNT` queries of indexes that stay small: the waiting
 * queue and one provider's active cases. The queue index also holds claimed cases whose
 * meeting has not started, because their lease may lapse: the Available page and counter leave
 * out the live claims, My Active leaves out the lapsed ones and the calls past their `endsAt`,
 * which count as completed until the end is stored.
 */
export async function listProviderCases(
  providerId: string,
  query: CaseListQuery,
  now = new Date(),
): Promise<CaseListResponse> {
  const afterSortKey = query.cursor ? decodeCursor(query.view, query.cursor) : undefined;
  const mine = providerCasesList(providerId, 'ACTIVE');
  const [page, available, myActive, completedStored, completedDue, total] = await Promise.all([
    listCasePage(listOf(query.view, providerId), query.limit, afterSortKey),
    countCases(queueList, { filter: 'available', now }),
    countCases(mine, { filter: 'active', now }),
    completedCaseCount(providerId),
    // Calls past `endsAt` read completed before their end is stored (claim-lease.ts).
    countCases(mine, { filter: 'endedCalls', now }),
    paidCaseCount(),
  ]);
  const completed = completedStored + completedDue;
  const summaries = page.cases
    .map((caseRecord) => toProviderCaseSummary(caseRecord, providerId, now))
    .filter((summary): summary is ProviderCaseSummary => summary !== null)
    .filter((summary) => belongsTo(query.view, summary));
  return {
    cases: summaries,
    counts: { available, myActive, completed, total },
    nextCursor: page.lastSortKey ? encodeCursor(query.view, page.lastSortKey) : null,
  };
}

function listOf(view: CaseListView, providerId: string): CaseList {
  switch (view) {
    case 'available':
      return queueList;
    case 'mine':
      return providerCasesList(providerId, 'ACTIVE');
    case 'completed':
      return providerCasesList(providerId, 'DONE');
    case 'all':
      return paidCasesList;
  }
}

/**
 * What the index holds but the view does not show, as the case reads now: a live claim in the
 * queue, a lapsed claim or a call past its `endsAt` among mine (the Completed list shows it
 * once the end is stored, at most the Scheduler's minute later). A page may then be shorter than `limit`; the cursor still
 * moves past it.
 */
function belongsTo(view: CaseListView, summary: ProviderCaseSummary): boolean {
  if (view === 'available') return summary.status === 'paid';
  if (view === 'mine') return summary.claimedByMe && summary.status !== 'completed';
  return true;
}
