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

export const casePriorities = ['EMERGENCY', 'URGENT', 'ROUTINE'] as const;
export type Priority = (typeof casePriorities)[number];

/** The priority the server stored from its triage of the symptoms (emergency, urgent, routine). */
export type StoredPriority = 'emergency' | 'urgent' | 'routine';

/**
 * The dashboard's badge: the stored triage priority, so "crushing chest pain" reads EMERGENCY as
 * the admin panel says (issue 27 item 6), and still URGENT by the spec's rule (doc 2 §2) when the
 * summary contains the word urgent (any case). Read on the server from the whole summary, so a
 * word past the part sent still counts (docs/spec-deviations.md).
 */
export function priorityOf(summary: string, stored: StoredPriority): Priority {
  if (stored === 'emergency') return 'EMERGENCY';
  return stored === 'urgent' || /\burgent\b/i.test(summary) ? 'URGENT' : 'ROUTINE';
}
