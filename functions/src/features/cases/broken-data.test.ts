import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpRoutes } from '../../routes';
import { call, httpEvent } from '../../testing/events';
import { handler } from './get-status.handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const caseId = '7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11';

beforeEach(() => {
  dynamo.reset();
  vi.stubEnv('TABLE_NAME', 'test-table');
  vi.stubEnv('LOG_LEVEL', 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('a stored case that breaks its schema', () => {
  it('answers 500 and logs the entity, key and field names, never the stored values', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        {
          pk: `CASE#${caseId}`,
          sk: 'CASE',
          entity: 'Case',
          id: caseId,
          status: 'teleported',
          triageSummary: 'Chest pain since 7731',
        },
      ],
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

    const answer = await call(
      handler,
      httpEvent(httpRoutes.getCaseStatus, { pathParameters: { caseId } }),
    );

    expect(answer.status).toBe(500);
    const lines = stderr.mock.calls.map(([chunk]) => String(chunk));
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        error: 'InvariantError',
        entity: 'Case',
        key: `CASE#${caseId} CASE`,
        fields: expect.stringContaining('status') as unknown,
      }),
    );
    for (const value of ['teleported', 'Chest pain', '7731']) {
      expect(lines.join('')).not.toContain(value);
    }
  });
});
