// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

/** `navigator.wakeLock`: each grant is a sentinel the test can see released. */
class FakeWakeLock {
  readonly sentinels: { type: string; released: boolean; release: ReturnType<typeof vi.fn> }[] = [];
  refuse = false;
  readonly request = vi.fn((type: string) => {
    if (this.refuse) return Promise.reject(new DOMException('Refused', 'NotAllowedError'));
    const sentinel = {
      type,
      released: false,
      release: vi.fn(() => {
        sentinel.released = true;
        return Promise.resolve();
      }),
    };
    this.sentinels.push(sentinel);
    return Promise.resolve(sentinel);
  });

  held(): number {
    return this.sentinels.filter((sentinel) => !sentinel.released).length;
  }
}

let wakeLock: FakeWakeLock;

beforeEach(() => {
  wakeLock = new FakeWakeLock();
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: wakeLock });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

async function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await flush();
}

describe('useWakeLock', () => {
  it('holds a screen lock while active and releases it when inactive', async () => {
    const { rerender } = renderHook(({ active }) => useWakeLock(active), {
      initialProps: { active: false },
    });
    await flush();
    expect(wakeLock.request).not.toHaveBeenCalled();

    rerender({ active: true });
    await flush();
    expect(wakeLock.request).toHaveBeenCalledWith('screen');
    expect(wakeLock.held()).toBe(1);

    rerender({ active: false });
    await flush();
    expect(wakeLock.held()).toBe(0);
  });

  it('asks again when the page is visible again (the browser drops it when hidden)', async () => {
    renderHook(() => useWakeLock(true));
    await flush();
    // The browser released it as the page was hidden.
    wakeLock.sentinels[0]!.released = true;
    await setVisibility('hidden');
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    await setVisibility('visible');
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    expect(wakeLock.held()).toBe(1);
  });

  it('does not ask twice while the lock is held', async () => {
    renderHook(() => useWakeLock(true));
    await flush();
    await setVisibility('visible');
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
  });

  it('releases a lock granted after the call ended', async () => {
    const release = vi.fn(() => Promise.resolve());
    const late = { type: 'screen', released: false, release };
    let grant: () => void = () => undefined;
    wakeLock.request.mockImplementationOnce(
      () =>
        new Promise<typeof late>((resolve) => {
          grant = () => resolve(late);
        }),
    );
    const { unmount } = renderHook(() => useWakeLock(true));
    unmount();
    grant();
    await flush();
    expect(release).toHaveBeenCalled();
  });

  it('carries on where it is refused or missing', async () => {
    wakeLock.refuse = true;
    renderHook(() => useWakeLock(true));
    await flush();
    expect(wakeLock.held()).toBe(0);
    Reflect.deleteProperty(navigator, 'wakeLock');
    expect(() => renderHook(() => useWakeLock(true))).not.toThrow();
  });
});
