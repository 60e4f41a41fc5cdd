import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { insertDoctorApplication, type DoctorApplicationRecord } from '#db/doctor-applications';
import { newApplicationRecord } from './new-application';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();
const applicant = (name: string) =>
  newApplicationRecord({
    fullName: `Dr. ${name} Integration`,
    email: `int-${name.toLowerCase()}-${Date.now()}@example.org`,
    phoneNumber: '+1 555 000 1111',
    // Email and license are each registered once: every applicant here has their own.
    medicalLicenseNumber: `LIC-${randomUUID().slice(0, 8)}`,
    licenseState: 'TX',
    specialization: 'Pediatrics',
    yearsExperience: 4,
    hospitalAffiliation: 'Texas Children',
    medicalSchool: 'Baylor',
    graduationYear: 2018,
    boardCertifications: [],
  });
const record = applicant('Pending');

/** A stored application an admin reviewed, with the notes the admin wrote. */
const reviewed = (status: DoctorApplicationRecord['status']): DoctorApplicationRecord => ({
  ...applicant(status.replace('_', '')),
  status,
  reviewedAt: '2026-11-21T10:00:00.000Z',
  reviewedBy: 'admin-1',
  reviewNotes: `Notes for ${status}: board certificate expired`,
});
const rejected = reviewed('rejected');
const otherReviews = [reviewed('approved'), reviewed('under_review')];

const lookup = (rawPath: string) => appFetch(stack, `/api/doctor-applications/status/${rawPath}`);

beforeAll(async () => {
  for (const one of [record, rejected, ...otherReviews]) await insertDoctorApplication(one);
});

describe('status lookup through the local gateway and DynamoDB Local', () => {
  it.each([
    ['with the APP- prefix', () => `APP-${record.applicationId}`],
    ['without the prefix', () => record.applicationId],
    ['in lower case', () => `app-${record.applicationId.toLowerCase()}`],
    ['with spaces around it', () => encodeURIComponent(`  APP-${record.applicationId} `)],
  ])('finds a stored application %s', async (_label, id) => {
    const response = await lookup(id());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      success: true,
      status: 'pending',
      applicationId: record.applicationId,
      submittedAt: record.applicationDate,
      reviewedAt: null,
      message: 'Your application is under review.',
    });
  });

  it('shows a rejected application the notes its rejection sent (spec doc 2 §4)', async () => {
    const response = await lookup(`APP-${rejected.applicationId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'rejected',
      reviewNotes: 'Notes for rejected: board certificate expired',
    });
  });

  it.each([...otherReviews, record].map((one) => [one.status, one] as const))(
    'keeps the notes of any other status with the admin (%s)',
    async (_status, one) => {
      const response = await lookup(one.applicationId);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty('reviewNotes');
      expect(JSON.stringify(body)).not.toContain('Notes for');
    },
  );

  it('reveals nothing about the applicant', async () => {
    const answer = await (await lookup(record.applicationId)).text();
    for (const secret of ['Integration', record.email, record.medicalLicenseNumber, '555 000']) {
      expect(answer).not.toContain(secret);
    }
  });

  it('answers 404 Application not found for an unknown id', async () => {
    const response = await lookup('APP-ZZZZ-ZZZZ');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: 'Application not found' });
  });

  it.each([
    ['blank after trimming', encodeURIComponent('   '), 'Please enter your application ID'],
    ['a 10 KB id', 'A'.repeat(10 * 1024), 'Please enter a valid application ID'],
    ['unicode', encodeURIComponent('ÄPP-😀'), 'Please enter a valid application ID'],
    ['SQL', encodeURIComponent("1' OR '1'='1"), 'Please enter a valid application ID'],
  ])('answers %s with 400 and the spec message', async (_label, id, message) => {
    const response = await lookup(id);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message });
  });

  it.each([
    ['a 10 KB id', 'A'.repeat(10 * 1024), 400],
    ['unicode', encodeURIComponent('ÄPP-✓-😀'), 400],
    ['blank after trimming', encodeURIComponent('   '), 400],
    ['a broken percent-encoding', '%E0%A4%A', 400],
    ['nothing at all', '', 404],
    ['an extra segment', 'APP-1/extra', 404],
  ])('answers %s with a 4xx JSON message, never 500', async (_label, id, status) => {
    const response = await lookup(id);
    expect(response.status).toBe(status);
    const body = (await response.json()) as { message?: unknown };
    expect(body.message).toMatch(/\S/);
  });

  it('does not accept other methods on the route', async () => {
    const response = await appFetch(
      stack,
      pathOf(applicationContracts.getApplicationStatus, { applicationId: record.applicationId }),
      {
        method: 'POST',
      },
    );
    expect(response.status).toBe(404);
  });
});
