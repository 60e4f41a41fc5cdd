import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type RunningStack, type StackOptions } from '../stack';
import { testStackSettings } from './test-stack-settings';

/**
 * A stack of one test file's own that shares nothing with the suite's, DynamoDB Local included
 * (a stack of `startOwnStack` keeps its data in the shared one): for the files that stop, kill
 * or fault its services (dependency-outages.int.test.ts, fault-run.int.test.ts). The test stack
 * settings, the built web app, errors only in the log and rate limits far above the file's own
 * traffic, plus `settings`, in a fresh data directory. `stop()` stops it and removes that
 * directory.
 */
export async function startIsolatedStack(
  name: string,
  settings: Partial<Omit<StackOptions, 'dataDir'>> = {},
): Promise<{ stack: RunningStack; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `telehealth-${name}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const stack = await startStack({
      ...testStackSettings,
      web: 'dist',
      logLevel: 'error',
      rateLimitMultiplier: 1000,
      ...settings,
      dataDir,
    });
    // The directory goes even when a service fails to stop: it is the file's own, in tmp.
    return { stack, stop: () => stack.stop().finally(removeDataDir) };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}
