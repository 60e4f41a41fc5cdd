/**
 * A request that must get through quickly after a network change: `attempt` is started again
 * every `everyMs` while none has answered, up to `max` at once, each given up after `timeoutMs`.
 * The first answer wins and the others are aborted; it fails only when every attempt failed.
 *
 * Why: after a silent network change (a NAT that moved, a black-holed path) the browser's pooled
 * keep-alive connections to the site are dead but still look idle, and the browser hands each
 * new request one of them: it hangs until its timeout, and the next request takes the next dead
 * one. Chromium keeps up to six per host, so one attempt after another waited six timeouts
 * (30 s measured on the test network, docs/performance.md). Attempts side by side use up the dead
 * connections together, and the first attempt that needs a new connection gets through.
 * On a healthy network the first attempt answers before `everyMs` and nothing else is sent.
 */
export interface HedgeOptions {
  everyMs: number;
  max: number;
  timeoutMs: number;
}

export function hedged<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  { everyMs, max, timeoutMs }: HedgeOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const controllers: AbortController[] = [];
    let started = 0;
    let failed = 0;
    let settled = false;
    let nextTimer: ReturnType<typeof setTimeout> | undefined;

    function finish() {
      settled = true;
      clearTimeout(nextTimer);
      for (const controller of controllers) controller.abort();
    }

    function start() {
      if (settled || started >= max) return;
      started += 1;
      const controller = new AbortController();
      controllers.push(controller);
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      attempt(controller.signal).then(
        (value) => {
          clearTimeout(timer);
          if (settled) return;
          finish();
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (settled) return;
          failed += 1;
          // An answer that is a refusal (a 4xx, offline) is no dead connection: the caller
          // decides. Only attempts given up on their timeout leave the others running.
          if (!controller.signal.aborted || (failed === started && started >= max)) {
            finish();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
      );
      nextTimer = setTimeout(start, everyMs);
    }

    start();
  });
}
