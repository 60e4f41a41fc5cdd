// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from '@web/hooks/use-toast';
import { LazyToaster, TOASTER_RETRY_DELAY_MS } from './lazy-toaster';

afterEach(() => {
  cleanup();
  act(() => dismissToast());
});

const REGION = { name: 'Notifications (F8)' } as const;

describe('LazyToaster', () => {
  it('loads nothing at first, then shows a toast raised before it arrived', async () => {
    render(<LazyToaster />);
    expect(screen.queryByRole('region', REGION)).toBeNull();

    act(() => {
      toast({ title: 'Saved', description: 'All done' });
    });
    // The Toaster's chunk is a real dynamic import: on a loaded machine it takes longer than
    // findBy's 1 s default (CI once missed it), so wait as long as the next test does.
    const region = await screen.findByRole('region', REGION, { timeout: 5000 });
    expect(await within(region).findByText('Saved')).toBeTruthy();
    expect(within(region).getByText('All done')).toBeTruthy();
  });
});

describe('LazyToaster on a failing network', () => {
  it('keeps the page when the Toaster cannot load, and loads it on a later attempt', async () => {
    const { Toaster } = await import('./toaster');
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ Toaster });
    };
    render(
      <main>
        <p>The call goes on</p>
        <LazyToaster load={load} />
      </main>,
    );
    act(() => {
      toast({ title: 'Doctor reconnected' });
    });
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.getByText('The call goes on')).toBeTruthy();
    expect(screen.queryByRole('region', REGION)).toBeNull();

    const region = await screen.findByRole('region', REGION, {
      timeout: TOASTER_RETRY_DELAY_MS + 2000,
    });
    expect(calls).toBe(2);
    expect(await within(region).findByText('Doctor reconnected')).toBeTruthy();
    expect(screen.getByText('The call goes on')).toBeTruthy();
  });
});

// Last: it loads the module afresh, and the tests above share the first module's toast store.
describe('LazyToaster without a toast', () => {
  it('fetches nothing on a page that shows no toast, however long it stays open', async () => {
    // A fresh toast store: the other tests' dismissed toasts stay in theirs for a long while.
    vi.resetModules();
    const { LazyToaster: FreshLazyToaster } = await import('./lazy-toaster');
    vi.useFakeTimers();
    try {
      let calls = 0;
      const load = () => {
        calls += 1;
        return import('./toaster');
      };
      render(<FreshLazyToaster load={load} />);
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(calls).toBe(0);
      expect(screen.queryByRole('region', REGION)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
