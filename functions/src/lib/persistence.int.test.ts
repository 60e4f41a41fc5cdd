import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestStack } from '#local/testing/stack-context';
import { insertDoctorApplication } from '../db/doctor-applications';
import { newApplicationRecord } from '../features/doctor-applications/new-application';
import { createSession, resolveSession, revokeSession } from './auth/sessions';
import { consumeRateLimit } from './rate-limit';
import { HttpError } from '../core/errors';

useTestStack();

describe('DynamoDB Local: rate limit counters', () => {
  it('allows 10 calls in a window and refuses the 11th, then a new window lets the owner in', async () => {
    const rule = {
      bucket: 'login',
      subject: `account-${randomUUID()}`,
      limit: 10,
      windowSeconds: 60,
    };
    const now = Date.UTC(2026, 10, 21, 10, 0, 5);
    const results = [];
    for (let call = 0; call < 11; call += 1) results.push(await consumeRateLimit(rule, now));
    expect(results.slice(0, 10).every((result) => result.allowed)).toBe(true);
    expect(results[10]).toMatchObject({ allowed: false, count: 11 });
    const nextWindow = await consumeRateLimit(rule, now + 60_000);
    expect(nextWindow).toMatchObject({ allowed: true, count: 1 });
  });
});

describe('DynamoDB Local: sessions', () => {
  it('resolve while live and not after revocation', async () => {
    const { token } = await createSession('admin', 'admin-1');
    await expect(resolveSession(token)).resolves.toMatchObject({
      role: 'admin',
      subjectId: 'admin-1',
    });
    await revokeSession(token);
    await expect(resolveSession(token)).resolves.toBeNull();
  });
});

describe('DynamoDB Local: application email uniqueness', () => {
  it('refuses a second application with the same email, in any case', async () => {
    const fields = {
      fullName: 'Dr. Unique',
      email: `unique-${randomUUID()}@example.org`,
      phoneNumber: '5550001111',
      medicalLicenseNumber: 'LIC-10001',
      licenseState: 'CA',
      specialization: 'Other',
      yearsExperience: 1,
      hospitalAffiliation: 'General',
      medicalSchool: 'School',
      graduationYear: 2020,
      boardCertifications: [],
    };
    await insertDoctorApplication(newApplicationRecord(fields));
    const second = newApplicationRecord({ ...fields, email: fields.email.toUpperCase() });
    const refusal = await insertDoctorApplication(second).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(409);
    expect((refusal as HttpError).message).toBe('Email already registered');
  });
});
