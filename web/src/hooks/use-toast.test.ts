// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  dismissToast,
  toast,
  toastReducer,
  useToast,
  type ToasterToast,
} from './use-toast';

const make = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({
  id,
  open: true,
  title: `Toast ${id}`,
  ...extra,
});

describe('toastReducer', () => {
  it('keeps one toast: the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const state = toastReducer(
      { toasts: [make('1')] },
      { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Changed' } },
    );
    expect(state.toasts[0]?.title).toBe('Changed');
  });

  it('dismisses by closing, and removes by id or all', () => {
    const dismissed = toastReducer({ toasts: [make('1')] }, { type: 'DISMISS_TOAST' });
    expect(dismissed.toasts).toEqual([expect.objectContaining({ id: '1', open: false })]);
    expect(toastReducer(dismissed, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([]);
    expect(toastReducer(dismissed, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe('toast store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time and removes a dismissed one after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());

    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: 'Second', open: true });

    act(() => dismissToast());
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(result.current.toasts).toHaveLength(0);
  });

  it('closes through onOpenChange(false), as Radix does on timeout or swipe', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Closing' });
    });
    act(() => result.current.toasts[0]?.onOpenChange?.(false));
    expect(result.current.toasts[0]?.open).toBe(false);
  });
});
