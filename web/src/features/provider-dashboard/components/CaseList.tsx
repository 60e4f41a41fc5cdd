import { useInfiniteQuery } from '@tanstack/react-query';
import { caseSearchOf, matchesCaseSearch } from '@shared/cases/case-search';
import type {
  CaseListResponse,
  CaseListView,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';
import { listFailed, LoadMoreButton } from '@web/components/LoadMoreButton';
import { EmptyState, ErrorState, LoadingState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { caseListQueryOptions } from '../api/cases';
import { SUMMARY_LIMITS } from '../lib/case-view';
import type { CaseListFilter } from '../lib/filters';
import { providerMessages } from '../lib/labels';
import { CaseCard, type CaseCardActions } from './CaseCard';

/** The cases of every page read so far. */
export function casesOf(pages: readonly CaseListResponse[] | undefined): ProviderCaseSummary[] {
  return pages?.flatMap((page) => page.cases) ?? [];
}

const EMPTY_WORDS: Record<CaseListView, string> = {
  available: 'No cases are waiting for care right now.',
  mine: 'You have no active cases.',
  completed: 'You have no completed cases yet.',
  all: 'There are no cases yet.',
};

/**
 * One tab's list (spec doc 2 §2), searched and filtered by the server over the whole list
 * (issue 27 item 6): loading, 'Failed to fetch cases', the empty state with 'Clear filters' or
 * 'Check for new cases', the cards (summaries cut at 120, or 80 in All), and more pages on
 * request. A search reads a bounded share of the list per request, so a page may hold few
 * matches or none and still offer 'Load more'. `extra` are cards the page keeps on top (a claim
 * just lost), shown while they match the filter.
 */
export function CaseList({
  view,
  filter,
  extra = [],
  actions,
  onClearFilters,
}: {
  view: CaseListView;
  filter: CaseListFilter;
  extra?: readonly ProviderCaseSummary[];
  actions: CaseCardActions;
  onClearFilters: () => void;
}) {
  const list = useInfiniteQuery(caseListQueryOptions(view, filter));

  if (list.isPending) return <LoadingState label="Loading cases..." />;
  if (listFailed(list) || !list.data) return <ErrorState message={providerMessages.casesFailed} />;

  const loaded = casesOf(list.data.pages);
  const search = caseSearchOf(filter);
  const kept = extra.filter(
    (item) =>
      !loaded.some((other) => other.id === item.id) &&
      (search === null || matchesCaseSearch(item, search)),
  );
  const shown = [...kept, ...loaded];
  const summaryLimit = view === 'all' ? SUMMARY_LIMITS.all : SUMMARY_LIMITS.card;

  if (shown.length === 0) {
    const filtered = search !== null;
    return (
      <div className="flex flex-col items-center gap-3">
        {/* Announced: typing a search or choosing a status changes the list without a page. */}
        <div role="status" className="flex w-full flex-col items-center gap-2">
          <EmptyState
            className="w-full"
            message={filtered ? providerMessages.noMatch : EMPTY_WORDS[view]}
          />
          {filtered && list.hasNextPage ? (
            <p className="text-sm text-muted-foreground">{providerMessages.searchReadsOn}</p>
          ) : null}
        </div>
        {filtered ? (
          <>
            <Button variant="outline" onClick={onClearFilters}>
              {providerMessages.clearFilters}
            </Button>
            <LoadMoreButton list={list} errorMessage={providerMessages.casesFailed} />
          </>
        ) : (
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {providerMessages.checkForNewCases}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy={list.isFetching}>
        {shown.map((item) => (
          <li key={item.id}>
            <CaseCard item={item} summaryLimit={summaryLimit} actions={actions} />
          </li>
        ))}
      </ul>
      <LoadMoreButton list={list} errorMessage={providerMessages.casesFailed} />
    </div>
  );
}
