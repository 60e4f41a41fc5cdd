import { afterEach, vi } from 'vitest';
import { resetDom } from '@web/testing/render';

/** After each intake page test: unmount, real timers, no mocks or stubbed globals, empty storage. */
export function resetAfterEachIntakeTest(): void {
  afterEach(() => {
    resetDom();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });
}
