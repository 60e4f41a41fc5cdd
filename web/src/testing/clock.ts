import { notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fake timers for page tests. TanStack Query batches its notifications with `setTimeout(0)`,
 * which the fake clock schedules 1 ms ahead; microtasks keep them independent of fake time.
 */
export function installFakeClock(): void {
  vi.useFakeTimers();
  notifyManager.setScheduler((callback) => queueMicrotask(callback));
}

export function restoreClock(): void {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
}

/** Moves fake time and lets promises and React settle once. */
export async function tick(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Settles pending promises a few rounds without moving the clock. */
export async function settle(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await tick(0);
}

/** Moves fake time by `ms`, then lets promises, React and TanStack Query settle. */
export async function advance(ms = 0): Promise<void> {
  await tick(ms);
  await settle(20);
}
