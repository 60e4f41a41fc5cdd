import { afterEach, beforeAll, vi } from 'vitest';
import { resetDom } from '@web/testing/render';
import { loadIntakeRequests } from '../lib/load-intake-requests';

/**
 * Before the intake page tests: the modules the pages load lazily (the submit's validation and
 * requests, the payment panel, the uploader) are loaded once, as a browser has them after the
 * first focus. A test's `settle()` moves through promises, not through the test runner's module
 * loading. After each test: unmount, real timers, no mocks or stubbed globals, empty storage.
 */
export function resetAfterEachIntakeTest(): void {
  beforeAll(async () => {
    await Promise.all([
      loadIntakeRequests(),
      import('../components/PaymentRedirectPanel'),
      import('@web/lib/uploads/upload-case-file'),
    ]);
  });
  afterEach(() => {
    resetDom();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });
}
