/** Dashboard texts of spec doc 2 §2, §4 and §8, word for word. */
export const providerMessages = {
  casesFailed: 'Failed to fetch cases',
  attachmentsFailed: 'Failed to fetch case attachments',
  detailsLoading: 'Loading case details...',
  detailsNotFound: 'Case details not found',
  clearFilters: 'Clear filters',
  checkForNewCases: 'Check for new cases',
  claimed: 'Claimed',
  // Beyond the spec: the empty state of a search or status filter (spec doc 2 §2 names none).
  noMatch: 'No cases match your search.',
  // The server searches a bounded share of the list per request (issue 27 item 6).
  searchReadsOn: 'Only the newest cases have been searched so far. Load more to search older ones.',
  // Beyond the spec (the claim lease, issue 8): the claimer's card says the claim lapsed.
  claimLapsed: 'Claim lapsed: the meeting did not start in time, so the case is back in the queue',
} as const;

/** Toasts of spec doc 2 §8 (title, description). */
export const providerToasts = {
  loginRequired: { title: 'Login Required', description: 'Please enter both email and password' },
  loginFailed: { title: 'Login Failed' },
  claimed: {
    title: 'Case Claimed Successfully',
    description: 'You can now start the consultation',
  },
  claimFailed: { title: 'Claim Failed' },
  audioError: { title: 'Audio Error', description: 'Could not play audio file' },
  signedOut: { title: 'Signed Out', description: 'You have been successfully signed out' },
  signOutError: {
    title: 'Sign Out Error',
    description: 'There was an issue signing out. Please try again.',
  },
} as const;

/** The fallback when a failed sign-in carries no message (spec doc 2 §8). */
export const LOGIN_FALLBACK = 'Login failed';
