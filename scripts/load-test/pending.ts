import type { StepRecorder, TrafficKind } from './recorder';

/**
 * Attempts whose answer comes as a message (a ping's PONG, a relayed signal): each waits under
 * a key until its answer arrives (recorded `ok` with its latency) or the step is settled
 * (recorded `lost`).
 */
export class PendingAnswers {
  private readonly waiting = new Map<
    string,
    { kind: TrafficKind; sentAt: number; recorder: StepRecorder }
  >();
  private readonly emptied = new Set<() => void>();

  expect(key: string, kind: TrafficKind, recorder: StepRecorder): void {
    this.waiting.set(key, { kind, sentAt: performance.now(), recorder });
  }

  /** The answer to `key` arrived (an answer nobody waits for any more is ignored). */
  answered(key: string): void {
    const entry = this.waiting.get(key);
    if (!entry) return;
    this.waiting.delete(key);
    entry.recorder.record(entry.kind, 'ok', performance.now() - entry.sentAt);
    if (this.waiting.size === 0) for (const resolve of this.emptied) resolve();
  }

  /** Whether `key` still waits for its answer. */
  has(key: string): boolean {
    return this.waiting.has(key);
  }

  /** The attempt under `key` failed (`outcome`, e.g. the server refused it). */
  failed(key: string, outcome: string): void {
    const entry = this.waiting.get(key);
    if (!entry) return;
    this.waiting.delete(key);
    entry.recorder.record(entry.kind, outcome, Number.NaN);
    if (this.waiting.size === 0) for (const resolve of this.emptied) resolve();
  }

  /** Waits until every answer came or `timeoutMs` passed; those still missing are `lost`. */
  async settle(timeoutMs: number): Promise<void> {
    if (this.waiting.size > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.emptied.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        this.emptied.add(done);
      });
    }
    for (const entry of this.waiting.values()) {
      entry.recorder.record(entry.kind, 'lost', Number.NaN);
    }
    this.waiting.clear();
  }
}
