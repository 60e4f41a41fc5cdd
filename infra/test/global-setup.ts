import type { TestProject } from 'vitest/node';
import { startBundlingSynths } from './bundling-synths';

/**
 * The infra suite's global setup: starts the two bundling synths (infra/test/bundling-synths.ts)
 * and returns at once, so the files that synthesize without bundling run meanwhile.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const { jobs, finish } = startBundlingSynths();
  project.provide('bundlingSynths', jobs);
  return finish;
}
