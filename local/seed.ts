import { getAdminUser, insertAdminUser, replaceAdminPassword } from '#db/admin-users';
import { getDoctorApplication, insertDoctorApplication } from '#db/doctor-applications';
import { newApplicationRecord } from '#features/doctor-applications/new-application';
import { hashPassword, verifyPassword } from '#lib/auth/passwords';

/**
 * The local administrator from ADMIN_USERNAME / ADMIN_PASSWORD. Created on first start; on later
 * starts its password follows the environment, so the sign-in `npm start` prints always works.
 */
export async function seedAdmin(admin: {
  username: string;
  password: string;
  email: string;
}): Promise<void> {
  const existing = await getAdminUser(admin.username);
  if (!existing) {
    await insertAdminUser({
      username: admin.username,
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
    });
  } else if (!(await verifyPassword(admin.password, existing.passwordHash))) {
    await replaceAdminPassword(existing, await hashPassword(admin.password));
  }
}

/** A sample application so a newcomer can try the status check at once (local only). */
export const DEMO_APPLICATION_ID = 'DEMO-0001';

export async function seedDemoApplication(now = new Date()): Promise<void> {
  if (await getDoctorApplication(DEMO_APPLICATION_ID)) return;
  const application = newApplicationRecord(
    {
      fullName: 'Dr. Demo Applicant',
      email: 'demo.applicant@telehealth.local',
      phoneNumber: '+1 555 010 0001',
      medicalLicenseNumber: 'DEMO-12345',
      licenseState: 'CA',
      specialization: 'Family Medicine',
      yearsExperience: 8,
      hospitalAffiliation: 'Demo General Hospital',
      medicalSchool: 'Demo School of Medicine',
      graduationYear: now.getFullYear() - 12,
      boardCertifications: [],
    },
    now,
  );
  await insertDoctorApplication({
    ...application,
    applicationId: DEMO_APPLICATION_ID,
    metadata: { seeded: true },
  });
}
