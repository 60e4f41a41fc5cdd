import { useInfiniteQuery } from '@tanstack/react-query';
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
import { filterCases, hasFilters, type CaseFilters } from '../lib/filters';
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
 * One tab's list (spec doc 2 §2): loading, 'Failed to fetch cases', the empty state with 'Clear
 * filters' or 'Check for new cases', the cards (summaries cut at 120, or 80 in All), and more
 * pages on request. `extra` are cards the page keeps on top (a claim just lost).
 */
export function CaseList({
  view,
  filters,
  extra = [],
  actions,
  onClearFilters,
}: {
  view: CaseListView;
  filters: CaseFilters;
  extra?: readonly ProviderCaseSummary[];
  actions: CaseCardActions;
  onClearFilters: () => void;
}) {
  const list = useInfiniteQuery(caseListQueryOptions(view));

  if (list.isPending) return <LoadingState label="Loading cases..." />;
  if (listFailed(list) || !list.data) return <ErrorState message={providerMessages.casesFailed} />;

  const loaded = casesOf(list.data.pages);
  const kept = extra.filter((item) => !loaded.some((other) => other.id === item.id));
  const shown = filterCases([...kept, ...loaded], filters);
  const summaryLimit = view === 'all' ? SUMMARY_LIMITS.all : SUMMARY_LIMITS.card;

  if (shown.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <div className="flex flex-col items-center gap-3">
        <EmptyState
          className="w-full"
          message={filtered ? 'No cases match your search.' : EMPTY_WORDS[view]}
        />
        {filtered ? (
          <>
            <Button variant="outline" onClick={onClearFilters}>
              {providerMessages.clearFilters}
            </Button>
            {/* The search reads the pages loaded so far: an older case is on a later one. */}
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
