import { describe, expect, it } from 'vitest';
import { adminUserKey } from './admin-users';
import { applicationDocumentKey } from './application-documents';
import { attachmentKey } from './attachments';
import { auditEntryKey } from './audit-log';
import { caseKey, caseListEntry } from './cases/keys';
import { connectionKey } from './connections';
import { doctorApplicationKey } from './doctor-applications';
import { listEntry, normalizeLicense, partitions } from './keys';
import { meetingKey } from './meetings';
import { patientKey } from './patients';
import { paymentKey } from './payments';
import { pendingUploadKey } from './pending-uploads';
import { providerLoginKey } from './provider-logins';
import { providerKey } from './providers';
import { rateLimitCounterKey } from './rate-limit-counters';
import { sessionKey } from './sessions';
import { stripeEventKey } from './stripe-events';
import { guardKeys } from './unique-guards';

/** The key shapes of `docs/access-patterns.md`, checked without a database. */
describe('entity keys', () => {
  it.each([
    ['DoctorApplication', doctorApplicationKey('K7QF-29XM'), 'APP#K7QF-29XM', 'APPLICATION'],
    [
      'Audit entry',
      auditEntryKey('K7QF-29XM', '2026-11-20T09:30:00.000Z', 'a1'),
      'APP#K7QF-29XM',
      'AUDIT#2026-11-20T09:30:00.000Z#a1',
    ],
    ['Application document', applicationDocumentKey('K7QF-29XM', 'd1'), 'APP#K7QF-29XM', 'DOC#d1'],
    ['Provider', providerKey('p1'), 'PROVIDER#p1', 'PROVIDER'],
    [
      'Provider sign-in',
      providerLoginKey(' Grace@Example.ORG '),
      'PROVIDER_LOGIN#grace@example.org',
      'LOGIN',
    ],
    ['AdminUser', adminUserKey(' Admin '), 'ADMIN#admin', 'ADMIN'],
    ['Session', sessionKey('hash'), 'SESSION#hash', 'SESSION'],
    [
      'Rate-limit counter',
      rateLimitCounterKey('login', 'subj', 1_700_000_000_000),
      'RATE#login#subj',
      'WINDOW#1700000000000',
    ],
    ['WebSocket connection', connectionKey('c1'), 'CONN#c1', 'CONNECTION'],
    ['Patient', patientKey('pt1'), 'PATIENT#pt1', 'PATIENT'],
    ['Case', caseKey('c1'), 'CASE#c1', 'CASE'],
    ['Meeting', meetingKey('c1'), 'CASE#c1', 'MEETING'],
    ['Payment', paymentKey('c1', 'pay1'), 'CASE#c1', 'PAYMENT#pay1'],
    ['Attachment', attachmentKey('c1', 'at1'), 'CASE#c1', 'ATTACHMENT#at1'],
    ['Pending upload', pendingUploadKey('c1', 'up1'), 'CASE#c1', 'UPLOAD#up1'],
    ['Processed Stripe event', stripeEventKey('evt_1'), 'STRIPE_EVENT#evt_1', 'EVENT'],
  ])('%s', (_entity, key, pk, sk) => {
    expect(key).toEqual({ pk, sk });
  });

  it('puts a case and all that belongs to it in one partition', () => {
    const partition = partitions.case('c1');
    for (const key of [meetingKey('c1'), paymentKey('c1', 'p'), attachmentKey('c1', 'a')]) {
      expect(key.pk).toBe(partition);
    }
  });
});

describe('uniqueness guards', () => {
  it.each([
    [guardKeys.applicationEmail(' Grace@Example.org'), 'UNIQUE#APP_EMAIL#grace@example.org'],
    [guardKeys.applicationLicense('md-12 345'), 'UNIQUE#APP_LICENSE#MD12345'],
    [guardKeys.providerLicense('md-12 345'), 'UNIQUE#PROVIDER_LICENSE#MD12345'],
    [guardKeys.adminEmail('Root@Example.org '), 'UNIQUE#ADMIN_EMAIL#root@example.org'],
  ])('%j', (key, pk) => {
    expect(key).toEqual({ pk, sk: 'UNIQUE' });
  });

  it('compares license numbers without case, spaces or dashes', () => {
    expect(normalizeLicense('md-12 345')).toBe(normalizeLicense('MD12345'));
  });
});

describe('gsi1 lists', () => {
  it('order entries by time and make them unique by id', () => {
    expect(caseListEntry({ id: 'c1', createdAt: '2026-11-20T09:30:00.000Z' })).toEqual({
      gsi1pk: 'CASES',
      gsi1sk: '2026-11-20T09:30:00.000Z#c1',
    });
    expect(listEntry('CONNECTIONS', 't', 'c1')).toEqual({ gsi1pk: 'CONNECTIONS', gsi1sk: 't#c1' });
  });
});
