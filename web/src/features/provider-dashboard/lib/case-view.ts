/** How a case reads on the dashboard (spec doc 2 §2, §9). */

export const SUMMARY_LIMITS = { card: 120, all: 80, alert: 50 } as const;

/** The case id as its first 8 characters. */
export function shortCaseId(id: string): string {
  return id.slice(0, 8);
}

/** The first `limit` characters, with '...' when something was cut. */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

export type Priority = 'URGENT' | 'ROUTINE';

/** URGENT when the summary contains the word urgent (any case), otherwise ROUTINE. */
export function priorityOf(summary: string): Priority {
  return /\burgent\b/i.test(summary) ? 'URGENT' : 'ROUTINE';
}
