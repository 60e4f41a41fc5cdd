// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkError } from './network';
import {
  enqueueForm,
  OFFLINE_QUEUE_KEY,
  OFFLINE_QUEUE_TTL_MS,
  readQueue,
  recordFailedAttempt,
  removeEntry,
  subscribeToQueue,
  takeExpired,
} from './offline-queue';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('offline queue storage', () => {
  it("keeps entries as { id, formData, timestamp, attempts } under 'telehealth.offlineQueue'", () => {
    const entry = enqueueForm({ name: 'Ada' }, 1000);
    expect(entry).toEqual({
      id: expect.any(String) as unknown,
      formData: { name: 'Ada' },
      timestamp: 1000,
      attempts: 0,
    });
    expect(JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY)!)).toEqual([entry]);
    expect(readQueue()).toEqual([entry]);
  });

  it('counts failed attempts and removes entries', () => {
    const first = enqueueForm({ n: 1 })!;
    const second = enqueueForm({ n: 2 })!;
    expect(recordFailedAttempt(first.id)).toBe(1);
    expect(recordFailedAttempt(first.id)).toBe(2);
    removeEntry(second.id);
    expect(readQueue()).toEqual([{ ...first, attempts: 2 }]);
    removeEntry(first.id);
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull();
  });

  it('expires entries older than 24 hours', () => {
    const now = Date.UTC(2030, 0, 2);
    const old = enqueueForm({ n: 'old' }, now - OFFLINE_QUEUE_TTL_MS - 1)!;
    const fresh = enqueueForm({ n: 'fresh' }, now - OFFLINE_QUEUE_TTL_MS)!;
    expect(takeExpired(now)).toEqual([old]);
    expect(readQueue()).toEqual([fresh]);
  });

  it('ignores unreadable storage and malformed entries', () => {
    localStorage.setItem(OFFLINE_QUEUE_KEY, '{not json');
    expect(readQueue()).toEqual([]);
    localStorage.setItem(
      OFFLINE_QUEUE_KEY,
      JSON.stringify([{ id: 1 }, { id: 'a', formData: {}, timestamp: 1, attempts: 0 }]),
    );
    expect(readQueue()).toEqual([{ id: 'a', formData: {}, timestamp: 1, attempts: 0 }]);
  });

  it('returns null when storage refuses the entry', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(enqueueForm({ n: 1 })).toBeNull();
  });

  it('tells subscribers about changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToQueue(listener);
    enqueueForm({ n: 1 });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});

describe('isNetworkError', () => {
  it('treats fetch TypeErrors as network errors, and server answers never', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
    expect(isNetworkError(new Error('500: oops'))).toBe(false);
    // `navigator.onLine` is only a hint: an answer from the server proves the network works.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isNetworkError(new Error('500: oops'))).toBe(false);
  });
});
