/**
 * Budgets `npm run bench` checks: the measured figures of the issue that last moved them, plus
 * headroom, so a regression shows up as a failed budget instead of a slow page nobody notices.
 * Lower them when the code gets leaner; raise them only with a reason written here.
 */
export const budgets = {
  /**
   * Per handler bundle, gzip. stripe-node makes the payment handlers the largest (~70 KB);
   * every other handler is under 50 KB.
   */
  handlerGzipBytes: 80 * 1024,
  /**
   * Median module import of a bundled handler in a fresh Node 20 process, AWS SDK included
   * (Lambda's runtime ships the SDK; importing its S3 client alone costs ~80 ms here).
   */
  handlerImportMs: 260,
  /**
   * First-load JavaScript of any route, gzip. The shared entry (React, router, query, toasts) is
   * ~132 KB; the heaviest pages (intake forms, admin) add ~50 KB, zod's schemas included.
   */
  routeFirstLoadJsGzipBytes: 200 * 1024,
  /**
   * p99 of an API read through the local gateway at 16 and at 100 concurrent clients. Local
   * figures: DynamoDB Local (Java) and the load generator share this 2-core machine with the
   * gateway, so they bound regressions, not production latency.
   */
  apiP99Ms: { normal: 300, high: 1500 },
  apiMinThroughput: 100,
} as const;
