import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedRunRecordSchema, failedRunsQueueName } from '../../functions/src/scheduled-runs';
import { localResources } from '../config';
import { LocalAsyncInvoker } from './async-invoke';
import { LocalFailedRunsQueue } from './failed-runs-queue';

let dataDir: string;
let queue: LocalFailedRunsQueue;
let runs: unknown[];

/** A target that throws its first `failures` runs (a real function, not a mock). */
const target =
  (failures: number) =>
  (_functionName: string, payload: unknown): Promise<unknown> => {
    runs.push(payload);
    if (runs.length <= failures) return Promise.reject(new Error(`run ${runs.length} failed`));
    return Promise.resolve({ ok: true });
  };

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'async-invoke-'));
  queue = new LocalFailedRunsQueue(dataDir);
  runs = [];
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local asynchronous invocation of a scheduled target', () => {
  it('retries a run that throws and keeps nothing once a retry succeeds', async () => {
    const invoker = new LocalAsyncInvoker(target(2), { queue, retryDelaysMs: [0, 0] });
    expect(await invoker.invoke('cases-expire-case', { caseId: 'c1' })).toBe('succeeded');
    expect(runs).toHaveLength(3);
    expect(queue.list()).toEqual([]);
  });

  it('after the first run and two retries, keeps Lambda’s failure record in the queue', async () => {
    const invoker = new LocalAsyncInvoker(target(Infinity), { queue, retryDelaysMs: [0, 0] });
    expect(await invoker.invoke('cases-expire-case', { caseId: 'c1' })).toBe('kept');
    expect(runs).toHaveLength(3);
    expect(queue.list()).toHaveLength(1);
    const record = failedRunRecordSchema.parse(JSON.parse(queue.list()[0]!.body));
    expect(record).toMatchObject({
      requestContext: {
        functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:cases-expire-case:$LATEST',
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      },
      requestPayload: { caseId: 'c1' },
      responsePayload: { errorType: 'Error', errorMessage: 'run 3 failed' },
    });
    // The queue is a file of the stack's data: a restart still has the run.
    expect(new LocalFailedRunsQueue(dataDir).list()).toHaveLength(1);
  });

  it('waits about a minute, then two, before the retries, as Lambda does', async () => {
    vi.useFakeTimers();
    const invoker = new LocalAsyncInvoker(target(Infinity), { queue });
    const done = invoker.invoke('meetings-end-meeting', { caseId: 'c1' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('kept');
    expect(runs).toHaveLength(3);
  });

  it('names the queue as a stage names its own', () => {
    expect(localResources.failedRunsQueue).toBe(failedRunsQueueName('local'));
  });
});

describe('the local failed-runs queue', () => {
  it('hides a received message until its visibility ends, and deletes it by its latest receipt', () => {
    queue.send('{"a":1}');
    const [first] = queue.receive(10, 300);
    // The SDK checks the body against MD5OfBody and refuses a mismatch.
    expect(first).toMatchObject({
      Body: '{"a":1}',
      MD5OfBody: createHash('md5').update('{"a":1}').digest('hex'),
    });
    expect(queue.receive(10, 300)).toEqual([]);
    expect(queue.changeVisibility(first!.ReceiptHandle, 0)).toBe(true);
    const [second] = queue.receive(10, 300);
    expect(second!.MessageId).toBe(first!.MessageId);
    // The first receipt is stale once the message was received again.
    expect(queue.delete(first!.ReceiptHandle)).toBe(false);
    expect(queue.delete(second!.ReceiptHandle)).toBe(true);
    expect(queue.list()).toEqual([]);
  });
});
