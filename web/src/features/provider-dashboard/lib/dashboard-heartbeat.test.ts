// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ON_DUTY_HEARTBEAT_SECONDS } from '@shared/providers/on-duty';
import type { HeartbeatMessage } from '@shared/realtime/api';
import { startDashboardHeartbeat, type DashboardHeartbeat } from './dashboard-heartbeat';

const START = new Date('2026-11-29T12:00:00.000Z');
const BEAT_MS = ON_DUTY_HEARTBEAT_SECONDS * 1000;

let sent: HeartbeatMessage[];
let open: boolean;
let heartbeat: DashboardHeartbeat;

const usedAtOfSent = () => sent.map((message) => message.usedAt);
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();
const use = (type = 'pointerdown') => document.dispatchEvent(new Event(type));

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  sent = [];
  open = true;
  setVisibility('visible');
  heartbeat = startDashboardHeartbeat({
    send: (message) => {
      if (open) sent.push(message);
      return open;
    },
  });
});
afterEach(() => {
  heartbeat.stop();
  vi.useRealTimers();
});

describe('the dashboard heartbeat', () => {
  it('beats when asked (the socket opened), then every minute, with the page opening as its use', async () => {
    heartbeat.beat();
    expect(sent).toEqual([{ action: 'heartbeat', usedAt: at(0) }]);
    await vi.advanceTimersByTimeAsync(BEAT_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(usedAtOfSent()).toEqual([at(0), at(0)]);
    await vi.advanceTimersByTimeAsync(BEAT_MS);
    expect(sent).toHaveLength(3);
  });

  it('carries the last input: a key, a pointer, a touch', async () => {
    heartbeat.beat();
    await vi.advanceTimersByTimeAsync(10_000);
    use('keydown');
    await vi.advanceTimersByTimeAsync(20_000);
    use('touchstart');
    await vi.advanceTimersByTimeAsync(BEAT_MS - 30_000);
    // The input within the minute sent nothing of its own; the minute's beat carries the last.
    expect(usedAtOfSent()).toEqual([at(0), at(30_000)]);
  });

  it('reports a doctor back after an idle spell at once, and not again for each input', async () => {
    heartbeat.beat();
    await vi.advanceTimersByTimeAsync(40 * 60_000);
    // Forty beats, all saying the page was last used at its opening.
    expect(new Set(usedAtOfSent())).toEqual(new Set([at(0)]));
    const beats = sent.length;
    use('pointermove');
    expect(sent).toHaveLength(beats + 1);
    expect(sent.at(-1)!.usedAt).toBe(at(40 * 60_000));
    use('keydown');
    use('wheel');
    expect(sent).toHaveLength(beats + 1);
  });

  it('counts the tab shown again as use, and the tab hidden not', async () => {
    heartbeat.beat();
    await vi.advanceTimersByTimeAsync(2 * BEAT_MS);
    setVisibility('hidden');
    use('pointerdown'); // an event while hidden (none should come) is no use either
    await vi.advanceTimersByTimeAsync(5 * BEAT_MS);
    expect(new Set(usedAtOfSent())).toEqual(new Set([at(0)]));
    setVisibility('visible');
    expect(sent.at(-1)!.usedAt).toBe(at(7 * BEAT_MS));
  });

  it('sends again what a closed socket missed once it is open', async () => {
    open = false;
    heartbeat.beat();
    await vi.advanceTimersByTimeAsync(BEAT_MS);
    expect(sent).toEqual([]);
    open = true;
    use();
    // Nothing reached the server yet, so the input is reported at once.
    expect(usedAtOfSent()).toEqual([at(BEAT_MS)]);
  });

  it('stops beating and listening when stopped', async () => {
    heartbeat.stop();
    await vi.advanceTimersByTimeAsync(5 * BEAT_MS);
    use();
    expect(sent).toEqual([]);
  });
});
