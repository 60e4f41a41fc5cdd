/**
 * The consultation start rule's messages (spec doc 2 §4), shown by the dashboard and answered by
 * `start-timer` and `end` when the server refuses.
 */
export const startRuleMessages = {
  notClaimed: 'This case must be claimed before starting a consultation.',
  otherProvider: 'This case is claimed by another provider.',
  wrongStatus: (status: string) =>
    `This case is not in the correct status for consultation. Current status: ${status}`,
  noMeeting: 'Meeting information is not available yet.',
  failed: 'Unable to start consultation at this time.',
} as const;
