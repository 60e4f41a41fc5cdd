import {
  applicationStatusMessages,
  type ApplicationStatusResponse,
} from '@shared/doctor-applications/status';
import type { DoctorApplicationRecord } from '#db/doctor-applications';

export const APPLICATION_NOT_FOUND = 'Application not found';

/**
 * What an anonymous applicant may learn from an application id (spec doc 2 §3): the status and
 * its dates, and for a rejection the notes it sent (spec doc 2 §4 "rejected (notes shown)").
 * Nothing about the person, and no other status's notes.
 */
export function toStatusResponse(application: DoctorApplicationRecord): ApplicationStatusResponse {
  return {
    success: true,
    status: application.status,
    applicationId: application.applicationId,
    submittedAt: application.applicationDate,
    reviewedAt: application.reviewedAt,
    message: applicationStatusMessages[application.status],
    ...rejectionNotes(application),
  };
}

function rejectionNotes(application: DoctorApplicationRecord): { reviewNotes?: string } {
  const notes = application.reviewNotes?.trim();
  return application.status === 'rejected' && notes ? { reviewNotes: notes } : {};
}
