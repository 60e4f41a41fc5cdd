import type { ApplicationStatus } from '@shared/doctor-applications/status';
import type { AdminCaseStatus } from '@shared/cases/status';
import type { UrgencyLevel } from '@shared/patients/request';
import type { CaptureReason, MoneyState, VoidReason } from '@shared/payments/money';
import type { BadgeProps } from '@web/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

/** The status filter of the Applications tab (spec doc 2 §2); All omits the status parameter. */
export const applicationStatusFilters = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'under_review', label: 'Under Review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: ApplicationStatus | 'all'; label: string }[];

export type ApplicationStatusFilter = (typeof applicationStatusFilters)[number]['value'];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export const applicationStatusVariants: Record<ApplicationStatus, BadgeVariant> = {
  pending: 'warning',
  under_review: 'secondary',
  approved: 'success',
  rejected: 'danger',
  suspended: 'outline',
};

/** A stored application status in words; unknown values are shown as they are. */
export function applicationStatusWord(status: string | null): string {
  if (!status) return '';
  return status in applicationStatusLabels
    ? applicationStatusLabels[status as ApplicationStatus]
    : status;
}

/** Admin case words (DESIGN.md §5, spec doc 2 §4). */
export const adminCaseStatusLabels: Record<AdminCaseStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const adminCaseStatusVariants: Record<AdminCaseStatus, BadgeVariant> = {
  pending: 'warning',
  assigned: 'secondary',
  in_progress: 'default',
  completed: 'success',
  cancelled: 'outline',
};

export const priorityLabels: Record<UrgencyLevel, string> = {
  emergency: 'Emergency',
  urgent: 'Urgent',
  routine: 'Routine',
};

export const priorityVariants: Record<UrgencyLevel, BadgeVariant> = {
  emergency: 'danger',
  urgent: 'warning',
  routine: 'outline',
};

/** Shown for any missing optional value (spec doc 2 §2). */
export const NOT_PROVIDED = 'Not provided';
export const UNASSIGNED = 'Unassigned';

/** Panel texts of spec doc 2 §2 and §8. */
export const adminMessages = {
  noApplications: 'No applications found. Try adjusting your search criteria',
  noCases: 'No patient cases found',
  noLogs: 'No audit logs available',
  casesFailed: 'Failed to fetch cases',
  attachmentsFailed: 'Failed to fetch application attachments',
  // Not in the spec: the other lists' failures follow the wording of 'Failed to fetch cases'.
  statsFailed: 'Failed to fetch statistics',
  applicationsFailed: 'Failed to fetch applications',
  logsFailed: 'Failed to fetch audit logs',
} as const;

/** Toasts of spec doc 2 §8 (title, description). */
export const adminToasts = {
  loginFailed: { title: 'Login Failed' },
  signedOut: { title: 'Signed Out', description: 'You have been successfully signed out' },
  signOutError: {
    title: 'Sign Out Error',
    description: 'There was an issue signing out. Please try again.',
  },
  approved: {
    title: 'Application Approved',
    description: 'The doctor has been sent their login credentials by email.',
  },
  approveFailed: {
    title: 'Approval Failed',
    description: 'There was an error approving the application.',
  },
  rejected: {
    title: 'Application Rejected',
    description: 'The application has been rejected and the doctor has been notified.',
  },
  rejectFailed: {
    title: 'Rejection Failed',
    description: 'There was an error rejecting the application.',
  },
  exported: { title: 'Export Complete', description: 'Audit logs exported successfully' },
  // Not in the spec: the export reads every page of the log first, and that read may fail.
  exportFailed: {
    title: 'Export Failed',
    description: 'The audit logs could not be exported. Please try again.',
  },
  // Not in the spec's words: 'Manage Case' only says advanced case management is coming soon.
  manageCase: {
    title: 'Coming Soon',
    description: 'Advanced case management is coming soon.',
  },
} as const;

/** `1 year experience`, `12 years experience`. */
export function yearsOfExperience(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'} experience`;
}

/** Where a case's money stands, in the admin's words (docs/adr/0024). */
export const moneyStateLabels: Record<MoneyState, string> = {
  authorized: 'Authorized (not charged yet)',
  charged: 'Charged',
  released: 'Authorization released (not charged)',
  refunded: 'Refunded',
};

/** Why the payment was captured or its authorization released. */
export const settlementReasonLabels: Record<CaptureReason | VoidReason, string> = {
  consultation_held: 'Consultation held',
  nurse_visit_done: 'Home visit done',
  expired: 'Case expired',
  patient_no_show: 'Patient never joined',
  never_connected: 'Call never connected',
  wait_promise: 'No doctor started within the wait promise',
  nurse_visit_not_reached: 'Patient not reached',
  authorization_expired: 'Authorization expired at Stripe',
};
