import { caseIdSchema } from './case-id';
import type { CaseListQuery, ProviderCaseSummary } from './provider-case';

/**
 * The dashboard's search and status filter (spec doc 2 §2 "search by ID or symptoms", the status
 * filter), run by the server over a whole list (functions/…/cases/case-list.ts); the dashboard
 * applies it only to the cards it keeps on top of a list (a claim just lost). They read the card
 * a provider sees: the status as the case reads now and the summary as the card carries it (cut
 * to 120 characters, functions/…/cases/provider-views.ts), so what matches is what it shows.
 */
export interface CaseSearch {
  /** The search text, trimmed and lower-cased; absent when blank. */
  needle?: string;
  status?: CaseListQuery['status'];
}

/**
 * The search of a list query, or null when it neither searches nor filters. A leading `#` is
 * dropped: the cards show the short id as `#1a2b3c4d`, and a doctor may type it so.
 */
export function caseSearchOf(query: Pick<CaseListQuery, 'search' | 'status'>): CaseSearch | null {
  const needle = query.search?.trim().replace(/^#/, '').toLowerCase() || undefined;
  if (!needle && !query.status) return null;
  return { ...(needle ? { needle } : {}), ...(query.status ? { status: query.status } : {}) };
}

/**
 * A whole case id: one case item holds it, read by its key instead of searching a list. Any
 * other text (the 8 characters a card shows, a word of the summary) is matched over the list.
 */
export function wholeCaseIdOf(search: CaseSearch): string | null {
  return search.needle && caseIdSchema.safeParse(search.needle).success ? search.needle : null;
}

/**
 * Whether a card matches: its status, and the text within its id (case ids are lower-case) or
 * within its summary, case-insensitive.
 */
export function matchesCaseSearch(summary: ProviderCaseSummary, search: CaseSearch): boolean {
  if (search.status && summary.status !== search.status) return false;
  const { needle } = search;
  return (
    !needle || summary.id.includes(needle) || summary.triageSummary.toLowerCase().includes(needle)
  );
}
