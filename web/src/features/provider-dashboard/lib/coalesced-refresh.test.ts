import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedRefresh } from './coalesced-refresh';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a dashboard refresh on alerts', () => {
  it('refreshes a lone alert at once', () => {
    const refresh = vi.fn();
    coalescedRefresh(refresh, 10_000).request();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('turns a burst of alerts into one refresh at once and one at the end of the window', () => {
    const refresh = vi.fn();
    const coalesced = coalescedRefresh(refresh, 10_000);
    for (let alert = 0; alert < 50; alert += 1) {
      coalesced.request();
      vi.advanceTimersByTime(100);
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refreshes at once again once the window has passed', () => {
    const refresh = vi.fn();
    const coalesced = coalescedRefresh(refresh, 10_000);
    coalesced.request();
    vi.advanceTimersByTime(10_000);
    coalesced.request();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('drops a pending refresh when the dashboard closes', () => {
    const refresh = vi.fn();
    const coalesced = coalescedRefresh(refresh, 10_000);
    coalesced.request();
    coalesced.request();
    coalesced.stop();
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
