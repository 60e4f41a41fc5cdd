import { describe, expect, it } from 'vitest';
import { errorRate, OK, StepRecorder, stopReason } from './recorder';

const everySecond = () => 1;

describe("a step's figures and the stop condition", () => {
  it('counts attempts, outcomes, drops and latencies per kind, in a fixed order', () => {
    const recorder = new StepRecorder();
    for (let i = 1; i <= 100; i += 1) recorder.record('status poll', OK, i);
    recorder.record('status poll', '503', 500);
    recorder.record('patient socket', 'refused 401', 20);
    recorder.dropped('alert socket');
    const [status, socket, alert] = recorder.figures(() => 2);
    expect(status).toMatchObject({
      kind: 'status poll',
      sent: 101,
      ok: 100,
      errors: { 503: 1 },
      offeredPerSecond: 50.5,
      servedPerSecond: 50,
      p50Ms: 51,
      p99Ms: 100,
    });
    expect(socket).toMatchObject({ kind: 'patient socket', sent: 1, ok: 0 });
    expect(alert).toMatchObject({ kind: 'alert socket', sent: 0, dropped: 1 });
  });

  it('goes on while errors and p99 are within the thresholds', () => {
    const recorder = new StepRecorder();
    for (let i = 0; i < 200; i += 1) recorder.record('wait poll', OK, 100);
    recorder.record('wait poll', 'timeout', 10_000);
    const kinds = recorder.figures(everySecond);
    expect(errorRate(kinds)).toBeCloseTo(1 / 201);
    expect(stopReason(kinds, { maxErrorRate: 0.01, maxP99Ms: 2_000 })).toBeNull();
  });

  it('stops on the error rate, naming each failing kind and its outcomes; drops count', () => {
    const recorder = new StepRecorder();
    for (let i = 0; i < 98; i += 1) recorder.record('status poll', OK, 10);
    recorder.record('status poll', '429', 10);
    recorder.dropped('room socket');
    const stop = stopReason(recorder.figures(everySecond), { maxErrorRate: 0.01, maxP99Ms: 2_000 });
    expect(stop).toEqual({
      reason: 'error-rate',
      detail: 'error rate 2.02 % > 1.00 % (status poll: 1× 429; room socket: 1 dropped)',
    });
  });

  it('stops on the p99 of any kind', () => {
    const recorder = new StepRecorder();
    for (let i = 0; i < 100; i += 1) recorder.record('case list poll', OK, i < 98 ? 100 : 3_000);
    expect(
      stopReason(recorder.figures(everySecond), { maxErrorRate: 0.01, maxP99Ms: 2_000 }),
    ).toEqual({
      reason: 'p99',
      detail: 'case list poll p99 3000 ms > 2000 ms',
    });
  });

  it('stops when a step sent nothing: it measured nothing', () => {
    expect(stopReason([], { maxErrorRate: 0.01, maxP99Ms: 2_000 })).toMatchObject({
      reason: 'error-rate',
    });
  });
});
