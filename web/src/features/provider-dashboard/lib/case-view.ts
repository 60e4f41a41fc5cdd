/** How a case reads on the dashboard (spec doc 2 §2, §9). */

export { priorityOf, SUMMARY_LIMITS, truncate, type Priority } from '@shared/cases/case-summary';

/** The case id as its first 8 characters. */
export function shortCaseId(id: string): string {
  return id.slice(0, 8);
}
