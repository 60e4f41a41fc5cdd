import type { AdminApplication, AdminCaseMoney, AdminCaseRow, AdminStats } from '@shared/admin/api';
import { adminCaseStatusOf } from '@shared/cases/status';
import type { ApplicationTotals } from '#db/application-counters';
import type { CaseRecord } from '#db/cases/record';
import type { PatientRecord } from '#db/patients';
import type { PaymentRecord } from '#db/payments';
import type { DoctorApplicationRecord } from '#db/doctor-applications';
import { effectiveCase } from '../cases/claim-lease';
import { moneyOfPayment } from '../cases/views';

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
    version: record.version,
  };
}

/**
 * The Applications tab's filter (spec doc 2 §5): the status, and a case-insensitive substring of
 * name, email or specialization.
 */
export function applicationFilter(filter: {
  status?: string;
  search?: string;
}): (record: DoctorApplicationRecord) => boolean {
  const needle = filter.search?.toLowerCase() ?? '';
  return (record) =>
    (!filter.status || record.status === filter.status) &&
    (!needle ||
      [record.fullName, record.email, record.specialization].some((field) =>
        field.toLowerCase().includes(needle),
      ));
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The six stat tiles (spec doc 2 §3) from the counters: Pending Review counts pending and under
 * review; the review time is the mean of each reviewed application's latest review, in hours.
 */
export function statsOf({
  totals,
  onDay,
}: {
  totals: ApplicationTotals;
  onDay: number;
}): Omit<AdminStats, 'waitEstimates'> {
  return {
    totalApplications: totals.total,
    pendingApplications: totals.status_pending + totals.status_under_review,
    approvedApplications: totals.status_approved,
    rejectedApplications: totals.status_rejected,
    applicationsToday: onDay,
    averageReviewTime: totals.reviewed
      ? Math.round((totals.reviewMillis / totals.reviewed / HOUR_MS) * 10) / 10
      : 0,
  };
}

/** The money of a case for the admin, from its current payment (docs/adr/0024). */
export function toAdminCaseMoney(payment: PaymentRecord | null): AdminCaseMoney | null {
  if (!payment) return null;
  const money = moneyOfPayment(payment);
  const { settlement, settledAt, settlementFailure } = payment;
  return {
    state: money.state,
    decision: settlement && {
      action: settlement.action,
      why: settlement.why,
      decidedAt: settlement.decidedAt,
    },
    settledAt,
    failure: settlementFailure,
  };
}

export function toAdminCaseRow(
  caseRecord: CaseRecord,
  patient: PatientRecord | null,
  payment: PaymentRecord | null = null,
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
    // The snapshot the feedback transaction wrote on the case (db/cases/feedback-copy.ts).
    feedback: caseRecord.feedback,
    money: toAdminCaseMoney(payment),
  };
}
