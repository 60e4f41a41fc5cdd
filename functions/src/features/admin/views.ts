import type { AdminApplication, AdminCaseRow, AdminStats } from '@shared/admin/api';
import { adminCaseStatusOf } from '@shared/cases/status';
import type { CaseRecord } from '../../db/cases';
import type { PatientRecord } from '../../db/patients';
import type { DoctorApplicationRecord } from '../../db/doctor-applications';
import { effectiveCase } from '../cases/claim-lease';

export function toAdminApplication(record: DoctorApplicationRecord): AdminApplication {
  return {
    id: record.id,
    applicationId: record.applicationId,
    fullName: record.fullName,
    email: record.email,
    phoneNumber: record.phoneNumber,
    specialization: record.specialization,
    medicalLicenseNumber: record.medicalLicenseNumber,
    licenseState: record.licenseState,
    yearsExperience: record.yearsExperience,
    hospitalAffiliation: record.hospitalAffiliation,
    medicalSchool: record.medicalSchool,
    graduationYear: record.graduationYear,
    boardCertifications: record.boardCertifications,
    applicationDate: record.applicationDate,
    status: record.status,
    reviewedAt: record.reviewedAt,
    reviewNotes: record.reviewNotes,
  };
}

/** Case-insensitive substring on name, email or specialization, with the status filter. */
export function filterApplications(
  records: DoctorApplicationRecord[],
  filter: { status?: string; search?: string },
): DoctorApplicationRecord[] {
  const needle = filter.search?.toLowerCase() ?? '';
  return records.filter(
    (record) =>
      (!filter.status || record.status === filter.status) &&
      (!needle ||
        [record.fullName, record.email, record.specialization].some((field) =>
          field.toLowerCase().includes(needle),
        )),
  );
}

const HOUR_MS = 60 * 60 * 1000;

/** The six stat tiles (spec doc 2 §3); review time from real review times, in hours. */
export function computeStats(records: DoctorApplicationRecord[], now = new Date()): AdminStats {
  const today = now.toISOString().slice(0, 10);
  const reviewHours = records
    .filter((record) => record.reviewedAt)
    .map(
      (record) => (Date.parse(record.reviewedAt!) - Date.parse(record.applicationDate)) / HOUR_MS,
    )
    .filter((hours) => Number.isFinite(hours) && hours >= 0);
  const count = (status: string) => records.filter((record) => record.status === status).length;
  return {
    totalApplications: records.length,
    pendingApplications: count('pending') + count('under_review'),
    approvedApplications: count('approved'),
    rejectedApplications: count('rejected'),
    applicationsToday: records.filter((record) => record.applicationDate.startsWith(today)).length,
    averageReviewTime: reviewHours.length
      ? Math.round((reviewHours.reduce((sum, hours) => sum + hours, 0) / reviewHours.length) * 10) /
        10
      : 0,
  };
}

export function toAdminCaseRow(
  caseRecord: CaseRecord,
  patient: PatientRecord | null,
): AdminCaseRow {
  return {
    id: caseRecord.id,
    patientName: patient?.name ?? 'Unknown',
    patientEmail: patient?.email ?? null,
    symptoms: caseRecord.triageSummary,
    triageSummary: caseRecord.triageSummary,
    medicalHistory: caseRecord.history,
    priority: caseRecord.priority,
    // As the case reads now: a lapsed claim is pending, a call past its `endsAt` completed.
    status: adminCaseStatusOf[effectiveCase(caseRecord, new Date()).status],
    requestType: caseRecord.requestType,
    assignedProviderName: caseRecord.claimedByName,
    location: caseRecord.location,
    createdAt: caseRecord.createdAt,
    // The snapshot the feedback transaction wrote on the case (db/cases.ts).
    feedback: caseRecord.feedback,
  };
}
