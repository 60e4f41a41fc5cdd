// Lighthouse's own declaration of this module refers to its global `LH` namespace, which is not
// in scope when the module is imported on its own; this types the one function the bench uses.
declare module 'lighthouse/core/lib/median-run.js' {
  import type { Result } from 'lighthouse';

  /** The run closest to the median FCP and median TTI of the runs. */
  export function computeMedianRun(runs: Result[]): Result;
}
