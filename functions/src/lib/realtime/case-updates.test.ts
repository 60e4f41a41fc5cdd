import { beforeEach, describe, expect, it, vi } from 'vitest';
import { caseConnectionIds } from '#db/connections';
import type { Logger } from '../logger';
import { pushToConnection } from './push';
import { pushCaseUpdate } from './case-updates';
import { queueChanged } from './queue-changed';

vi.mock('#db/connections', () => ({ caseConnectionIds: vi.fn() }));
vi.mock('./push', () => ({ pushToConnection: vi.fn() }));
vi.mock('./queue-changed', () => ({ queueChanged: vi.fn() }));
const connections = vi.mocked(caseConnectionIds);
const push = vi.mocked(pushToConnection);
const queueMoved = vi.mocked(queueChanged);

const CASE_ID = '5e1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

function recordingLogger() {
  const warnings: [string, unknown][] = [];
  const log = {
    warn: (message: string, fields?: unknown) => warnings.push([message, fields]),
  } as unknown as Logger;
  return { log, warnings };
}

beforeEach(() => {
  connections.mockReset();
  push.mockReset();
  queueMoved.mockReset();
});

describe('pushCaseUpdate', () => {
  it('sends CASE_UPDATED with the status to every connection of the case', async () => {
    connections.mockResolvedValue(['c1', 'c2']);
    push.mockResolvedValue(true);
    const { log, warnings } = recordingLogger();
    await pushCaseUpdate(CASE_ID, 'claimed', log);
    expect(connections).toHaveBeenCalledWith(CASE_ID);
    const message = { type: 'CASE_UPDATED', caseId: CASE_ID, status: 'claimed' };
    expect(push.mock.calls).toEqual([
      ['c1', message],
      ['c2', message],
    ]);
    expect(warnings).toEqual([]);
  });

  it('tries every connection when one push fails, and logs only the case id and a count', async () => {
    connections.mockResolvedValue(['c1', 'c2', 'c3']);
    push.mockRejectedValueOnce(new Error('throttled')).mockResolvedValue(true);
    const { log, warnings } = recordingLogger();
    await expect(pushCaseUpdate(CASE_ID, 'paid', log)).resolves.toBeUndefined();
    expect(push).toHaveBeenCalledTimes(3);
    expect(warnings).toEqual([['case update pushes failed', { caseId: CASE_ID, failed: 1 }]]);
  });

  it('never throws when the connections cannot be read (the transition stands)', async () => {
    connections.mockRejectedValue(new Error('DynamoDB unavailable'));
    const { log, warnings } = recordingLogger();
    await expect(pushCaseUpdate(CASE_ID, 'completed', log)).resolves.toBeUndefined();
    expect(push).not.toHaveBeenCalled();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toEqual([
      'case update not pushed',
      expect.objectContaining({ caseId: CASE_ID, error: 'Error' }),
    ]);
    expect(JSON.stringify(warnings)).not.toContain('DynamoDB unavailable');
  });

  it('marks the queue for its fan-out when the change moves it, and only then (issue 29)', async () => {
    connections.mockResolvedValue([]);
    const { log } = recordingLogger();
    for (const status of ['paid', 'claimed', 'in_call', 'expired', 'cancelled'] as const) {
      await pushCaseUpdate(CASE_ID, status, log);
    }
    expect(queueMoved.mock.calls).toEqual(Array(5).fill([CASE_ID, log]));
    queueMoved.mockClear();
    await pushCaseUpdate(CASE_ID, 'completed', log);
    await pushCaseUpdate(CASE_ID, undefined, log);
    expect(queueMoved).not.toHaveBeenCalled();
  });
});
