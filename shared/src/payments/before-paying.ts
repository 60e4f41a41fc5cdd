/**
 * What the pages say before paying (issue 28 items 3 and 4), in a module without zod: the landing
 * shows them, and its first load has no room for zod (issue 12's 100 kB, counted by the browser
 * since issue 29). `money.ts` re-exports them.
 */

/** Shown before paying (landing, payment choice) and in the waiting room. */
export function waitPromiseText(minutes: number): string {
  return `If no doctor starts your consultation within ${minutesText(minutes)}, you will not be charged`;
}

/** "30 minutes", "1 minute"; a test stack's fraction of a minute as it is ("0.5 minutes"). */
export function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** "N doctors on duty now" (issue 28 item 4); none is said plainly. */
export function doctorsOnDutyText(count: number): string {
  if (count === 0) return 'No doctors are on duty right now';
  return count === 1 ? '1 doctor on duty now' : `${count} doctors on duty now`;
}
