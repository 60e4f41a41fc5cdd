import type {
  CaseListView,
  ProviderCaseStatus,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';

/** The four tabs (spec doc 2 §2), each one list the server reads by index. */
export const caseTabs = [
  { value: 'available', label: 'Available' },
  { value: 'mine', label: 'My Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: CaseListView; label: string }[];

/** The status filter (spec doc 2 §2): all; paid as Ready for Care; claimed as In Progress. */
export const statusFilters = [
  { value: 'all', label: 'All Statuses' },
  { value: 'paid', label: 'Ready for Care' },
  { value: 'claimed', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
] as const satisfies readonly { value: ProviderCaseStatus | 'all'; label: string }[];

export type StatusFilter = (typeof statusFilters)[number]['value'];

export interface CaseFilters {
  search: string;
  status: StatusFilter;
}

export const NO_FILTERS: CaseFilters = { search: '', status: 'all' };

export function hasFilters({ search, status }: CaseFilters): boolean {
  return search.trim() !== '' || status !== 'all';
}

/** Search by id or symptoms (the triage summary), case-insensitive, with the status filter. */
export function filterCases(
  cases: readonly ProviderCaseSummary[],
  { search, status }: CaseFilters,
): ProviderCaseSummary[] {
  const needle = search.trim().toLowerCase();
  return cases.filter(
    (item) =>
      (status === 'all' || item.status === status) &&
      (needle === '' ||
        item.id.toLowerCase().includes(needle) ||
        item.triageSummary.toLowerCase().includes(needle)),
  );
}

export function isStatusFilter(value: string): value is StatusFilter {
  return statusFilters.some((filter) => filter.value === value);
}

export function isCaseTab(value: string): value is CaseListView {
  return caseTabs.some((tab) => tab.value === value);
}
