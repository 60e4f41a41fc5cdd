import { beforeAll, describe, expect, it } from 'vitest';
import { appFetch, useTestStack } from '../../../../local/testing/stack-context';
import { insertDoctorApplication } from '../../db/doctor-applications';
import { newApplicationRecord } from './new-application';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();
const record = newApplicationRecord({
  fullName: 'Dr. Integration Test',
  email: `int-${Date.now()}@example.org`,
  phoneNumber: '+1 555 000 1111',
  medicalLicenseNumber: 'LIC-55555',
  licenseState: 'TX',
  specialization: 'Pediatrics',
  yearsExperience: 4,
  hospitalAffiliation: 'Texas Children',
  medicalSchool: 'Baylor',
  graduationYear: 2018,
  boardCertifications: [],
});

const lookup = (rawPath: string) => appFetch(stack, `/api/doctor-applications/status/${rawPath}`);

beforeAll(async () => {
  await insertDoctorApplication(record);
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

  it('answers 404 Application not found for an unknown id', async () => {
    const response = await lookup('APP-ZZZZ-ZZZZ');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: 'Application not found' });
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
