import {
  applicationStatusMessages,
  type ApplicationStatusResponse,
} from '@shared/doctor-applications/status';
import type { DoctorApplicationRecord } from '../../db/doctor-applications';

export const APPLICATION_NOT_FOUND = 'Application not found';

/**
 * What an anonymous applicant may learn from an application id (spec doc 2 §3): the status and
 * its dates. Nothing about the person, and no review notes (those go by email).
 */
export function toStatusResponse(application: DoctorApplicationRecord): ApplicationStatusResponse {
  return {
    success: true,
    status: application.status,
    applicationId: application.applicationId,
    submittedAt: application.applicationDate,
    reviewedAt: application.reviewedAt,
    message: applicationStatusMessages[application.status],
  };
}
