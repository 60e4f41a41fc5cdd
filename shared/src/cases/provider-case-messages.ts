/**
 * The provider side's refusals of a claim and of the case routes, in a module without schemas:
 * every case transition (`features/cases/transitions.ts`) answers a claim message, and importing
 * them from `provider-case.ts` built the dashboard's schemas at the cold start of every function
 * that changes a case. `provider-case.ts` re-exports them.
 */

/** Spec doc 2 §5 "Assignment" and the refusals of a claim (the toast shows the message). */
export const claimMessages = {
  providerRequired: 'Provider ID is required',
  notYourself: 'You can only claim cases for yourself',
  notPaid: 'This case has not been paid yet',
  claimedByOther: 'This case has already been claimed by another provider',
  claimedByMe: 'You have already claimed this case',
  closed: 'This case is no longer available',
  /** Issue 25: one live claim per provider (MAX_ACTIVE_CLAIMS), so no account hoards the queue. */
  activeClaimHeld:
    'You already have an active case. Finish it, or let your claim on it expire, before claiming another case.',
  /** Issue 25: after a claim lapsed, its provider waits a cool-down before claiming it again. */
  coolingDown:
    'Your claim on this case expired recently. Other providers get the first chance at it; you can claim it again in a few minutes.',
} as const;

/** Refusals of the case routes the web shows as they are. */
export const providerCaseMessages = {
  heldByOther: 'This case is claimed by another provider.',
  /** Details and attachments of a waiting case (spec doc 2 §6: only for own claimed cases). */
  claimFirst: "Claim this case to see the patient's details and attachments.",
  /** The provider's own claim lapsed (the lease ran out): a stale screen's Start Call or Rejoin. */
  claimLapsed: 'Your claim lapsed; the case is back in the queue.',
} as const;
