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
  /** p99 of an API read through the local gateway at 16 and at 100 concurrent clients. */
  apiP99Ms: { normal: 250, high: 1000 },
  apiMinThroughput: 100,
} as const;
