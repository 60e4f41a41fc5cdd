import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpRoutes } from '../../routes';
import { stubEnv } from '../../testing/env';
import { call, httpEvent } from '../../testing/events';
import { handler } from './get-status.handler';
import { newApplicationRecord } from './new-application';

const dynamo = mockClient(DynamoDBDocumentClient);
const route = httpRoutes.getApplicationStatus;

const application = {
  ...newApplicationRecord({
    fullName: 'Dr. Grace Hopper',
    email: 'grace@example.org',
    phoneNumber: '+1 555 123 4567',
    medicalLicenseNumber: 'MD-778899',
    licenseState: 'NY',
    specialization: 'Cardiology',
    yearsExperience: 12,
    hospitalAffiliation: 'Mount Sinai',
    medicalSchool: 'Columbia',
    graduationYear: 2010,
    boardCertifications: [],
  }),
  applicationId: 'K7QF-29XM',
  applicationDate: '2026-11-20T09:30:00.000Z',
};

/** The stored application after a review: its id, status and the notes the admin wrote. */
const reviewed = (applicationId: string, status: string, reviewNotes: string) => ({
  pk: `APP#${applicationId}`,
  sk: 'APPLICATION',
  ...application,
  applicationId,
  status,
  reviewNotes,
  reviewedAt: '2026-11-21T10:00:00.000Z',
  reviewedBy: 'admin-1',
});

const lookup = (applicationId: string) =>
  call(handler, httpEvent(route, { pathParameters: { applicationId } }));

beforeEach(() => {
  dynamo.reset();
  dynamo.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
  dynamo.on(GetCommand).resolves({});
  dynamo
    .on(GetCommand, { Key: { pk: 'APP#K7QF-29XM', sk: 'APPLICATION' } })
    .resolves({ Item: { pk: 'APP#K7QF-29XM', sk: 'APPLICATION', ...application } });
  for (const [id, status] of [
    ['R3JC-T3D1', 'rejected'],
    ['A9PR-0VED', 'approved'],
    ['U9DR-REVW', 'under_review'],
  ] as const) {
    dynamo
      .on(GetCommand, { Key: { pk: `APP#${id}`, sk: 'APPLICATION' } })
      .resolves({ Item: reviewed(id, status, `Notes for ${status}: board certificate expired`) });
  }
  stubEnv({ TABLE_NAME: 'test-table', LOG_LEVEL: 'error' });
});

describe('GET /api/doctor-applications/status/{applicationId}', () => {
  it.each(['APP-K7QF-29XM', 'K7QF-29XM', ' app-k7qf-29xm '])(
    'finds the application for %j with exactly the spec fields',
    async (id) => {
      const answer = await lookup(id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        status: 'pending',
        applicationId: 'K7QF-29XM',
        submittedAt: '2026-11-20T09:30:00.000Z',
        reviewedAt: null,
        message: 'Your application is under review.',
      });
    },
  );

  it('shows a rejected application the notes its rejection sent (spec doc 2 §4)', async () => {
    const answer = await lookup('APP-R3JC-T3D1');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'rejected',
      reviewNotes: 'Notes for rejected: board certificate expired',
    });
  });

  it.each(['A9PR-0VED', 'U9DR-REVW', 'K7QF-29XM'])(
    'keeps the notes of any other status with the admin (%s)',
    async (id) => {
      const answer = await lookup(id);
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty('reviewNotes');
      expect(JSON.stringify(answer.body)).not.toContain('Notes for');
    },
  );

  it('reveals nothing about the applicant', async () => {
    const answer = JSON.stringify((await lookup('K7QF-29XM')).body);
    for (const secret of ['Grace', 'grace@example.org', 'MD-778899', '555']) {
      expect(answer).not.toContain(secret);
    }
  });

  it('answers 404 with success false for an unknown id', async () => {
    const answer = await lookup('APP-0000-0000');
    expect(answer).toMatchObject({
      status: 404,
      body: { success: false, message: 'Application not found' },
    });
  });

  it.each([
    ['an empty id', '', 'Please enter your application ID'],
    ['a 10 KB id', 'A'.repeat(10 * 1024), 'Please enter a valid application ID'],
    ['unicode', 'ÄPP-😀', 'Please enter a valid application ID'],
    ['a path', '../../etc/passwd', 'Please enter a valid application ID'],
    ['SQL', "1' OR '1'='1", 'Please enter a valid application ID'],
  ])('answers 400 with a message for %s, never 500', async (_label, id, message) => {
    const answer = await lookup(id);
    expect(answer).toMatchObject({ status: 400, body: { success: false, message } });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('refuses with 429 once the client passes the per-minute limit', async () => {
    stubEnv({ RATE_LIMIT_MULTIPLIER: '1' });
    dynamo.on(UpdateCommand).resolves({ Attributes: { count: 31 } });
    const answer = await lookup('K7QF-29XM');
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(answer.body.success).toBe(false);
  });
});
