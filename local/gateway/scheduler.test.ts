import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalScheduler, parseAtExpression, type StoredSchedule } from './scheduler';

let dataDir: string;
const invoked: { arn: string; input: unknown }[] = [];
const invoke = (arn: string, input: unknown) => {
  invoked.push({ arn, input });
  return Promise.resolve();
};
const start = Date.UTC(2026, 10, 21, 10, 0, 0);

function schedule(overrides: Partial<StoredSchedule> = {}): StoredSchedule {
  return {
    name: 'end-meeting-1',
    groupName: 'telehealth',
    fireAt: start + 15 * 60 * 1000,
    targetArn: 'arn:aws:lambda:us-east-1:000000000000:function:end-meeting',
    input: '{"caseId":"c1"}',
    deleteAfterCompletion: true,
    ...overrides,
  };
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'scheduler-'));
  invoked.length = 0;
  vi.useFakeTimers({ now: start });
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local EventBridge Scheduler', () => {
  it('parses one-time at() expressions in UTC', () => {
    expect(parseAtExpression('at(2026-11-21T10:15:00)')).toBe(start + 15 * 60 * 1000);
    expect(parseAtExpression('rate(5 minutes)')).toBeNull();
    expect(parseAtExpression('at(2026-11-21T10:15:00)', 'Europe/Paris')).toBeNull();
  });

  it('fires the target at the scheduled time with its input, then deletes it', async () => {
    const scheduler = new LocalScheduler(dataDir, invoke);
    expect(scheduler.create(schedule())).toBe('created');
    expect(scheduler.create(schedule())).toBe('exists');
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000 - 1);
    expect(invoked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(invoked).toEqual([
      {
        arn: 'arn:aws:lambda:us-east-1:000000000000:function:end-meeting',
        input: { caseId: 'c1' },
      },
    ]);
    expect(scheduler.list()).toHaveLength(0);
  });

  it('survives a restart, firing what fell due while it was down', async () => {
    const first = new LocalScheduler(dataDir, invoke);
    first.create(schedule());
    first.create(schedule({ name: 'later', fireAt: start + 60 * 60 * 1000 }));
    first.stop();
    vi.setSystemTime(start + 20 * 60 * 1000);
    const second = new LocalScheduler(dataDir, invoke);
    await vi.advanceTimersByTimeAsync(0);
    expect(invoked.map((call) => call.input)).toEqual([{ caseId: 'c1' }]);
    expect(second.list().map((entry) => entry.name)).toEqual(['later']);
    second.stop();
  });

  it('never fires a kept, completed schedule twice', async () => {
    const first = new LocalScheduler(dataDir, invoke);
    first.create(schedule({ deleteAfterCompletion: false }));
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
    first.stop();
    const second = new LocalScheduler(dataDir, invoke);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(invoked).toHaveLength(1);
    expect(second.list()[0]?.completed).toBe(true);
  });

  it('fires a moved schedule at its new time only; moving none that exists is refused', async () => {
    const scheduler = new LocalScheduler(dataDir, invoke);
    scheduler.create(schedule());
    const moved = schedule({ fireAt: start + 18 * 60 * 1000, input: '{"caseId":"moved"}' });
    expect(scheduler.update(moved)).toBe(true);
    await vi.advanceTimersByTimeAsync(18 * 60 * 1000 - 1);
    expect(invoked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(invoked.map((call) => call.input)).toEqual([{ caseId: 'moved' }]);
    expect(scheduler.update(schedule({ name: 'none' }))).toBe(false);
    expect(scheduler.list()).toHaveLength(0);
  });

  it('cancels a deleted schedule', async () => {
    const scheduler = new LocalScheduler(dataDir, invoke);
    scheduler.create(schedule());
    expect(scheduler.delete('telehealth', 'end-meeting-1')).toBe(true);
    expect(scheduler.delete('telehealth', 'end-meeting-1')).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(invoked).toHaveLength(0);
  });
});
