/**
 * Budgets `npm run bench` checks. Set from the first measurements (issue 2) with headroom, so a
 * regression shows up as a failed budget instead of a slow page nobody notices.
 */
export const budgets = {
  /** Per handler bundle, gzip: what Lambda downloads and parses at cold start. */
  handlerGzipBytes: 60 * 1024,
  /** Median module import time of a bundled handler in a fresh Node process. */
  handlerImportMs: 150,
  /** First-load JavaScript of any route, gzip. */
  routeFirstLoadJsGzipBytes: 150 * 1024,
  /** Status lookup through the local gateway at the bench concurrency. */
  statusLookupP99Ms: 250,
  statusLookupMinThroughput: 100,
} as const;
