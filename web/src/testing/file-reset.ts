import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

/**
 * The `unit-web` project's setup (vitest.config.ts): its files share a worker's module graph, one
 * after another, so what a file leaves behind would meet the next one. At the end of each file
 * this unmounts what it rendered and undoes what it stubbed: globals, environment variables,
 * spies and fake timers. Within a file nothing changes: a test still sees what the tests before
 * it left, as it did when each file had a worker of its own.
 */
afterAll(() => {
  // Some of the files run without a DOM (the default `node` environment).
  if (typeof document !== 'undefined') {
    cleanup();
    document.body.replaceChildren();
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
