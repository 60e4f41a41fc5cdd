import type { CaseListView } from '@shared/cases/provider-case';
import type { CaseListFilter } from '../lib/filters';

/** Query keys of the dashboard; everything under `cases` is refreshed by Refresh and alerts. */
export const providerKeys = {
  all: ['provider'] as const,
  me: () => [...providerKeys.all, 'me'] as const,
  cases: () => [...providerKeys.all, 'cases'] as const,
  caseList: (view: CaseListView, filter: CaseListFilter = {}) =>
    [...providerKeys.cases(), 'list', view, filter] as const,
  details: (caseId: string) => [...providerKeys.cases(), 'details', caseId] as const,
  attachments: (caseId: string) => [...providerKeys.cases(), 'attachments', caseId] as const,
};
