import { WAIT_LIMIT_MS } from './wait-limit';

/**
 * Waits for something to happen by asking again, never by sleeping a fixed time: `check` runs
 * every `intervalMs` until it answers a value other than `undefined`, which is returned. Past
 * `timeoutMs` it throws with `what` and the last value seen, so a test that waits in vain fails
 * with a reason instead of running into the test timeout.
 */
export async function pollUntil<Value>(
  what: string,
  check: () => Promise<Value | undefined>,
  { timeoutMs = WAIT_LIMIT_MS, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Settles like `promise`, or rejects after `timeoutMs` with `what`: for waits on an event (a
 * socket message, an open) that has no polling form.
 */
export function withTimeout<Value>(
  what: string,
  promise: Promise<Value>,
  timeoutMs = WAIT_LIMIT_MS,
): Promise<Value> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
