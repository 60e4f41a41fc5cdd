import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newCaseId } from '#local/testing/patient-journey';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { storeUncheckedCaseItem } from '#db/testing';
import { httpRoutes } from '#routes';
import { call, httpEvent } from '#testing/events';
import { handler } from './get-status.handler';

const stack = useTestStack();

afterEach(() => {
  vi.restoreAllMocks();
});

/** A case whose stored item breaks the case schema, with values a log must never repeat. */
async function brokenCase(fields: Record<string, unknown>): Promise<string> {
  const caseId = await newCaseId(stack);
  const stored = await getCaseBundle(caseId);
  await storeUncheckedCaseItem(caseId, { ...stored!.case, ...fields });
  return caseId;
}

describe('a stored case that breaks its schema', () => {
  it('answers 500 with the generic envelope, never 400 with stored field paths', async () => {
    const caseId = await brokenCase({ priority: 'NOT-A-PRIORITY-7731' });

    const response = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));

    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    for (const leak of ['priority', 'NOT-A-PRIORITY-7731', 'issues']) {
      expect(text).not.toContain(leak);
    }
  });

  it('logs the entity, key and field names, never the stored values', async () => {
    const caseId = await brokenCase({
      status: 'teleported',
      // Words that cannot occur in a hex case id or a timestamp, so a match is a leak.
      triageSummary: 'Chest pain since Tuesday',
    });
    // The handler in this process, reading the same DynamoDB Local, so its log lines are ours to
    // read (the gateway's handlers log in the stack's process).
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

    const answer = await call(
      handler,
      httpEvent(httpRoutes.getCaseStatus, { pathParameters: { caseId } }),
    );

    expect(answer.status).toBe(500);
    const lines = stderr.mock.calls.map(([chunk]) => String(chunk));
    const logged = lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        error: 'InvariantError',
        entity: 'Case',
        key: `CASE#${caseId} CASE`,
        fields: expect.stringContaining('status') as unknown,
      }),
    );
    for (const value of ['teleported', 'Chest pain', 'Tuesday']) {
      expect(lines.join('')).not.toContain(value);
    }
  });
});
