import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  mockApi,
  networkError,
  offContract,
  reply,
  routeOf,
  type Answer,
} from '@web/testing/api-mock';
import { createDoctorApplication as createApplicationRoute } from '@shared/doctor-applications/contracts';
import type { DoctorApplicationSubmit } from '@shared/doctor-applications/submit';
import { checkProviderEmail as checkEmailRoute } from '@shared/providers/contracts';
import { checkEmailUrl, checkProviderEmail } from './check-email';
import { ApplicationSubmitError, createDoctorApplication } from './create-application';

afterEach(() => {
  vi.unstubAllGlobals();
});

const application: DoctorApplicationSubmit = {
  fullName: 'Dr. Amara Okafor',
  email: 'amara@example.com',
  phoneNumber: '+1 415 555 0100',
  medicalLicenseNumber: 'CA-A123456',
  licenseState: 'CA',
  specialization: 'Family Medicine',
  yearsExperience: 3,
  hospitalAffiliation: 'St. Mary',
  medicalSchool: 'UCSF',
  graduationYear: 2018,
  boardCertifications: [],
};

const CREATE = routeOf(createApplicationRoute);

async function failureOf(makeAnswer: Answer): Promise<ApplicationSubmitError> {
  mockApi({ [CREATE]: makeAnswer });
  const error: unknown = await createDoctorApplication(application).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApplicationSubmitError);
  return error as ApplicationSubmitError;
}

describe('checkProviderEmail', () => {
  it('GETs the encoded address and reads exists', async () => {
    const api = mockApi({
      [routeOf(checkEmailRoute)]: () => reply(checkEmailRoute, { exists: true }),
    });
    await expect(checkProviderEmail('a+b@example.com')).resolves.toBe(true);
    expect(checkEmailUrl('a+b@example.com')).toBe(
      '/api/providers/check-email?email=a%2Bb%40example.com',
    );
    expect((api.fetch.mock.calls[0] as [string])[0]).toBe(checkEmailUrl('a+b@example.com'));
  });
});

describe('createDoctorApplication', () => {
  it('POSTs JSON and returns the created application', async () => {
    const created = { success: true, applicationId: 'K7QF-29XM', message: 'Submitted' } as const;
    const api = mockApi({ [CREATE]: () => reply(createApplicationRoute, created, 201) });
    await expect(createDoctorApplication(application)).resolves.toEqual(created);
    const [url, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/doctor-applications');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(application);
  });

  it.each<[string, Answer, string]>([
    [
      'a 409 email',
      () => answer({ success: false, message: 'Email already registered' }, 409),
      'email-registered',
    ],
    [
      'a 409 license',
      () => answer({ success: false, message: 'License number already registered' }, 409),
      'license-registered',
    ],
    [
      'a 400 with issues',
      () =>
        answer(
          {
            success: false,
            message: 'Invalid request',
            issues: [{ path: 'email', message: 'Please enter a valid email address' }],
          },
          400,
        ),
      'invalid',
    ],
    ['a 500', () => answer({ message: 'Internal error' }, 500), 'failed'],
    // A gateway's page, and below two success bodies of a broken server: no handler sends them.
    ['a gateway page', () => offContract(answer('<html>Bad gateway</html>', 502)), 'failed'],
    ['a network failure', networkError, 'failed'],
    [
      'a 201 without the success flag',
      () => offContract(answer({ applicationId: 'X' }, 201)),
      'no-success',
    ],
    [
      'a 200 success:false email',
      () => offContract(answer({ success: false, message: 'Email already registered' }, 200)),
      'email-registered',
    ],
  ])('reads %s as %s', async (_case, makeAnswer, reason) => {
    const error = await failureOf(makeAnswer);
    expect(error.reason).toBe(reason);
    if (reason === 'no-success') expect(error.message).toBe('Failed to submit application');
    if (reason === 'invalid') {
      expect(error.issues).toEqual([
        { path: 'email', message: 'Please enter a valid email address' },
      ]);
    }
  });
});
