import type { CaseListQuery, CaseListView, ProviderCaseStatus } from '@shared/cases/provider-case';

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

/** What a list query carries of the filters (`GET /api/cases?search=&status=`). */
export type CaseListFilter = Pick<CaseListQuery, 'search' | 'status'>;

/**
 * The filters as the server applies them, over the whole list (issue 27 item 6): the search
 * trimmed and left out when blank, the status left out for All Statuses.
 */
export function caseListFilterOf({ search, status }: CaseFilters): CaseListFilter {
  const text = search.trim();
  return { ...(text ? { search: text } : {}), ...(status !== 'all' ? { status } : {}) };
}

export function isStatusFilter(value: string): value is StatusFilter {
  return statusFilters.some((filter) => filter.value === value);
}

export function isCaseTab(value: string): value is CaseListView {
  return caseTabs.some((tab) => tab.value === value);
}
