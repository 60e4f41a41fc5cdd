// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '@web/hooks/use-toast';
import { LazyToaster } from './lazy-toaster';

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
    const region = await screen.findByRole('region', REGION);
    expect(await within(region).findByText('Saved')).toBeTruthy();
    expect(within(region).getByText('All done')).toBeTruthy();
  });

  it('loads the Toaster shortly after the page shows, without a toast', async () => {
    render(<LazyToaster />);
    expect(await screen.findByRole('region', REGION, { timeout: 5000 })).toBeTruthy();
  });
});
