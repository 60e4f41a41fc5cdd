import { afterAll, vi } from 'vitest';
import { restoreWindow, snapshotWindow } from './window-snapshot';

/**
 * Run before every file of the unit projects (their `setupFiles`). The `unit` project runs its
 * files one after another in a worker without isolation (local/testing/unit-lanes.ts), and the
 * jsdom files of a worker share one window: what a file changes on the shared globals would reach
 * the next file. Each file ends by undoing it, whether or not the file did so itself.
 */
const windowAtStart = typeof window === 'undefined' ? undefined : snapshotWindow();

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Spies on shared objects (console, Math.random, crypto) go back to the real functions.
  vi.restoreAllMocks();
  if (windowAtStart) {
    // Unmounts what the file rendered, so no effect or timer of it runs on into the next file.
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    restoreWindow(windowAtStart);
  }
});
