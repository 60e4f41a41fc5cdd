import { formatApplicationId } from '@shared/doctor-applications/application-id';
import type { DoctorApplicationRecord } from '#db/doctor-applications';
import { env } from '#core/env';
import type { OutgoingEmail } from '#lib/email';

/** The approval email: where to sign in and the temporary credentials (spec doc 2 §4). */
export function approvalEmail(
  application: DoctorApplicationRecord,
  credentials: { email: string; password: string },
): OutgoingEmail {
  const signIn = new URL('/provider-dashboard', env.appBaseUrl).toString();
  return {
    to: application.email,
    subject: 'Your TeleHealth provider application has been approved',
    text: [
      `Dear ${application.fullName},`,
      '',
      `Your application ${formatApplicationId(application.applicationId)} has been approved. You can now sign in to the provider dashboard:`,
      '',
      `  Sign in: ${signIn}`,
      `  Email: ${credentials.email}`,
      `  Temporary password: ${credentials.password}`,
      '',
      'This temporary password works for 72 hours; you will choose your own at the first sign-in.',
      'After that, ask the administrator to send you a new one.',
      '',
      'Keep this password private. If you did not apply, contact our support team.',
      '',
      'TeleHealth',
    ].join('\n'),
  };
}

/** The rejection email carries the reviewer's notes (spec doc 2 §4). */
export function rejectionEmail(application: DoctorApplicationRecord, notes: string): OutgoingEmail {
  const status = new URL('/provider/status', env.appBaseUrl);
  status.searchParams.set('id', formatApplicationId(application.applicationId));
  return {
    to: application.email,
    subject: 'Your TeleHealth provider application',
    text: [
      `Dear ${application.fullName},`,
      '',
      `After review, your application ${formatApplicationId(application.applicationId)} was not approved.`,
      '',
      notes ? `Reviewer notes: ${notes}` : 'The reviewer left no notes.',
      '',
      `Application status: ${status.toString()}`,
      '',
      'TeleHealth',
    ].join('\n'),
  };
}
