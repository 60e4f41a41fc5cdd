import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hedged } from './hedged';

/** An attempt that hangs until aborted (a request on a dead pooled connection). */
function hangs(signal: AbortSignal): Promise<string> {
  return new Promise((_, reject) =>
    signal.addEventListener('abort', () => reject(new DOMException('gone', 'AbortError'))),
  );
}

const options = { everyMs: 750, max: 7, timeoutMs: 5_000 };

describe('hedged', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends one attempt when it answers in time', async () => {
    const attempt = vi.fn(() => Promise.resolve('fresh'));
    await expect(hedged(attempt, options)).resolves.toBe('fresh');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('starts more attempts side by side while none answers, and the first answer wins', async () => {
    const signals: AbortSignal[] = [];
    // Six dead connections, then a live one: the seventh attempt answers.
    const attempt = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return signals.length < 7 ? hangs(signal) : Promise.resolve('through');
    });
    const result = hedged(attempt, options);
    await vi.advanceTimersByTimeAsync(6 * 750);
    await expect(result).resolves.toBe('through');
    expect(attempt).toHaveBeenCalledTimes(7);
    // Everything still in flight was abandoned.
    expect(signals.slice(0, 6).every((signal) => signal.aborted)).toBe(true);
  });

  it('gives each attempt up after its timeout and fails once all of them have', async () => {
    const attempt = vi.fn(hangs);
    const result = hedged(attempt, { everyMs: 1_000, max: 3, timeoutMs: 5_000 });
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2_000 + 5_000);
    expect(await outcome).toBeInstanceOf(DOMException);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('passes a refusal on at once instead of trying again', async () => {
    const refusal = new Error('403');
    const attempt = vi.fn(() => Promise.reject(refusal));
    await expect(hedged(attempt, options)).rejects.toBe(refusal);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
