/**
 * How much of a case's summary the provider side shows (spec doc 2 §2, §7): the server sends no
 * more than the widest view needs to a provider who does not hold the case (issue 25 item 4:
 * the full symptoms only to the claiming doctor and admins), and the dashboard cuts the rest.
 */
export const SUMMARY_LIMITS = { card: 120, all: 80, alert: 50 } as const;

/** The first `limit` characters, with '...' when something was cut. */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

export const casePriorities = ['URGENT', 'ROUTINE'] as const;
export type Priority = (typeof casePriorities)[number];

/**
 * URGENT when the summary contains the word urgent (any case), otherwise ROUTINE. Read on the
 * server from the whole summary, so a word past the part sent still counts.
 */
export function priorityOf(summary: string): Priority {
  return /\burgent\b/i.test(summary) ? 'URGENT' : 'ROUTINE';
}
