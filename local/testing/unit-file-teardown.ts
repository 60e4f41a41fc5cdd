import { afterAll, vi } from 'vitest';

/**
 * Run before every file of the unit projects (their `setupFiles`). The `unit` project runs its
 * files one after another in a worker without isolation (local/testing/unit-lanes.ts), so what
 * a file changes on the shared globals would reach the next file: each file ends by undoing it,
 * whether or not the file did so itself. Each jsdom file still gets a new window.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Spies on shared objects (console, Math.random, crypto) go back to the real functions.
  vi.restoreAllMocks();
});
