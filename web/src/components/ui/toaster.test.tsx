// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from '@web/hooks/use-toast';
import { TOAST_SETTINGS, Toaster } from './toaster';

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.useRealTimers();
});

function region() {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

describe('Toaster', () => {
  it('uses the settings of spec doc 1 §9', () => {
    expect(TOAST_SETTINGS).toEqual({
      duration: 5000,
      swipeDirection: 'right',
      swipeThreshold: 50,
      label: 'Notification',
      hotkey: ['F8'],
    });
  });

  it('shows a toast and closes it after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'All done' });
    });
    expect(within(region()).getByText('Saved')).toBeTruthy();
    expect(within(region()).getByText('All done')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(within(region()).queryByText('Saved')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(region()).queryByText('Saved')).toBeNull();
  });

  it('announces toasts with the label "Notification"', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Heads up' });
    });
    act(() => {
      vi.advanceTimersByTime(50);
    });
    const announcements = screen.getAllByRole('status').map((element) => element.textContent ?? '');
    expect(announcements.some((text) => text.startsWith('Notification'))).toBe(true);
  });

  it('moves focus to the notification region on F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Focus me' });
    });
    expect(region().contains(document.activeElement)).toBe(false);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region().contains(document.activeElement)).toBe(true);
  });

  it('renders the destructive variant and a labelled close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Error' });
    });
    const item = within(region()).getByRole('listitem');
    expect(item.className).toContain('bg-destructive');
    fireEvent.click(within(item).getByRole('button', { name: 'Close' }));
    expect(within(region()).queryByText('Error')).toBeNull();
  });
});
