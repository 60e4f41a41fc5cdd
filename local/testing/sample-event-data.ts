import { getAdminUser } from '#db/admin-users';
import { insertPatientWithCase } from '#db/cases/create';
import { insertDoctorApplication } from '#db/doctor-applications';
import { providerLoginTx } from '#db/provider-logins';
import { providerTx, type ProviderRecord } from '#db/providers';
import { putRealtimeTicket } from '#db/realtime-tickets';
import { putSession, type SessionRecord } from '#db/sessions';
import { writeTransaction } from '#db/transaction';
import { newPatientAndCase } from '#features/cases/new-case';
import { newApplicationRecord } from '#features/doctor-applications/new-application';
import { providerFor } from '#features/doctor-applications/review';
import { hashPassword } from '#lib/auth/passwords';
import { SESSION_ABSOLUTE_MS } from '#lib/auth/sessions';
import { hashToken } from '#lib/auth/tokens';
import { adaIntake } from '#testing/cases';
import { defaultAdmin } from '../config';
import { DEMO_APPLICATION_ID, seedAdmin, seedDemoApplication } from '../seed';
import type { TestStack } from './global-setup';
import { payForCase } from './patient-journey';

/**
 * The records the sample events in `events/` name, so that a replay against a fresh local stack
 * (`events-replay.int.test.ts`) gets a meaningful answer rather than a 401 or a 404: the ids,
 * session tokens and passwords below are the ones written in the event files. All made up.
 */
export const sampleIds = {
  /** The patient's paid case, which the patient events read. */
  caseId: '5b0c2f47-8d3e-4a61-9f2a-6c8e1d4b7a90',
  patientId: 'c41e9a3d-2b7f-4e58-a6d0-93f1b5c8e2a4',
  /** Another paid case, which the provider events claim, start, end and rate. */
  consultCaseId: '9a4c7e2b-1f6d-4b38-8c05-e3d2a1b0f7c6',
  consultPatientId: '6f1b3d5e-8a2c-4e97-b4d0-2c9e7a5f1b83',
  /** The patients' key (`X-Patient-Key` of the patient events, docs/adr/0012): both cases'. */
  patientKey: 'Hq5Zt8Wm2Rk7Xc4Vn9Lb3Pj6Yf1Gs0DaEo5uTiKqNwB',
  providerId: '2d7e9b41-6a3c-4f85-b0d2-7c1e8a9f4b63',
  providerEmail: 'dr.riley.sample@example.org',
  providerPassword: 'sample-provider-password-1',
  /** Session tokens (`th_session`): one per role, and one each that the logout events end. */
  adminToken: 'q8Zr2VtN4xKp7LmW1cYh5GdJ3sBf9QaE6uTn0oRiXkM',
  adminLogoutToken: 'Wm3Hc7Lp1ZqV9tRx5NbK2yJf8GdA4sEo6uTi0kQnXwY',
  providerToken: 'Pj4Tn8Rw2KcX6vLm0ZqH5bYf9GsD3aEo7uWi1kNxQtB',
  providerLogoutToken: 'Lx7Qm2Vb9KtZ4wRp6NcJ1yHf3GsD8aEo5uWi0kTnXqC',
  /** The `/ws` ticket of `events/ws/connect.json`. */
  realtimeTicket: 'Tk8Rw2KcX6vLm0ZqH5bYf9GsD3aEo7uWi1kNxQtBp4j',
  /** Pending applications: `npm start`'s demo (status, documents), one approved, one rejected. */
  statusApplicationId: DEMO_APPLICATION_ID,
  approveApplicationId: 'K7Q2-M9X4',
  rejectApplicationId: 'P3V8-T6W1',
} as const;

function sampleApplication(applicationId: string, name: string, license: string, now: Date) {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
  return {
    ...newApplicationRecord(
      {
        fullName: `Dr. ${name}`,
        email: `dr.${slug}@example.org`,
        phoneNumber: '+1 555 010 0142',
        medicalLicenseNumber: license,
        licenseState: 'NY',
        specialization: 'Family Medicine',
        yearsExperience: 9,
        hospitalAffiliation: 'Sample General Hospital',
        medicalSchool: 'Sample School of Medicine',
        graduationYear: now.getFullYear() - 14,
        boardCertifications: [],
      },
      now,
    ),
    applicationId,
  };
}

/** The signed-in provider of the provider events: approved from its own (unstored) application. */
function sampleProvider(now: Date): ProviderRecord {
  const application = sampleApplication('S2M4-Q6R8', 'Riley Sample', 'MD-SAMPLE-70431', now);
  return {
    ...providerFor(application, defaultAdmin.username, now.toISOString()),
    id: sampleIds.providerId,
  };
}

async function putSampleSession(
  token: string,
  record: Omit<SessionRecord, 'createdAt' | 'lastSeenAt'>,
) {
  const now = Date.now();
  await putSession(
    hashToken(token),
    { ...record, createdAt: now, lastSeenAt: now },
    new Date(now + SESSION_ABSOLUTE_MS),
  );
}

/**
 * A case under a fixed id, paid the way a patient pays (Checkout, the test card, the webhook),
 * so its payment, meeting and place in the provider queue all come from the real path.
 */
async function seedPaidCase(stack: TestStack, caseId: string, patientId: string, now: Date) {
  const { patient, caseRecord } = newPatientAndCase(
    {
      ...adaIntake,
      name: 'Sam Sample',
      email: 'sam.sample@example.org',
      contactInfo: 'sam.sample@example.org',
    },
    now,
  );
  await insertPatientWithCase(
    { ...patient, id: patientId, caseId },
    {
      ...caseRecord,
      id: caseId,
      patientId,
      patientKeyHash: hashToken(sampleIds.patientKey),
      // The patient waits in the video room (the sample join link's token is made up, so no
      // event enters it): the chain's call is a consultation, not a no-show (docs/adr/0023).
      patientJoinedAt: now.toISOString(),
    },
  );
  await payForCase(stack, caseId);
}

/**
 * Seeds the stack the handler environment points at (call once per stack): `npm start`'s
 * administrator, a signed-in provider with a ticket, three pending applications and two paid cases.
 */
export async function seedSampleEventData(stack: TestStack, now = new Date()): Promise<void> {
  // `npm start`'s administrator, whom `events/http/adminLogin.json` signs in; the test stack's
  // own administrator already holds the default email, which must stay unique.
  await seedAdmin({ ...defaultAdmin, email: 'admin.sample@telehealth.local' });
  const admin = await getAdminUser(defaultAdmin.username);
  if (!admin) throw new Error('the sample administrator was not stored');
  for (const token of [sampleIds.adminToken, sampleIds.adminLogoutToken]) {
    await putSampleSession(token, {
      role: 'admin',
      subjectId: admin.id,
      username: admin.username,
      mustChangePassword: false,
    });
  }

  await writeTransaction([
    providerTx(sampleProvider(now)),
    providerLoginTx({
      providerId: sampleIds.providerId,
      email: sampleIds.providerEmail,
      passwordHash: await hashPassword(sampleIds.providerPassword),
      isActive: true,
      mustChangePassword: false,
    }),
  ]);
  for (const token of [sampleIds.providerToken, sampleIds.providerLogoutToken]) {
    await putSampleSession(token, {
      role: 'provider',
      subjectId: sampleIds.providerId,
      mustChangePassword: false,
    });
  }
  await putRealtimeTicket(hashToken(sampleIds.realtimeTicket), {
    providerId: sampleIds.providerId,
    sessionId: hashToken(sampleIds.providerToken),
    expiresAt: now.getTime() + 60 * 60 * 1000,
  });

  await seedDemoApplication(now);
  await insertDoctorApplication(
    sampleApplication(sampleIds.approveApplicationId, 'Jordan Sample', 'MD-SAMPLE-10002', now),
  );
  await insertDoctorApplication(
    sampleApplication(sampleIds.rejectApplicationId, 'Avery Sample', 'MD-SAMPLE-10003', now),
  );

  await seedPaidCase(stack, sampleIds.caseId, sampleIds.patientId, now);
  await seedPaidCase(stack, sampleIds.consultCaseId, sampleIds.consultPatientId, now);
}
