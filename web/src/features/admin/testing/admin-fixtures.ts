import type { AdminApplication, AdminCaseRow, AdminStats, AuditLogEntry } from '@shared/admin/api';
import type { Attachment } from '@shared/cases/api';

export const TOKEN = 'token-abc';
/** The password step's pending sign-in (issue 25). */
export const PENDING_SIGN_IN = 'pending-sign-in-token';
export const ADMIN_ID = 'admin-1';

export const stats: AdminStats = {
  totalApplications: 42,
  pendingApplications: 7,
  approvedApplications: 30,
  rejectedApplications: 5,
  applicationsToday: 3,
  averageReviewTime: 12.345,
  waitEstimates: { withinTolerance: 17, consultations: 20 },
};

export function application(overrides: Partial<AdminApplication> = {}): AdminApplication {
  return {
    id: 'app-1',
    applicationId: 'K7QF-29XM',
    fullName: 'Dr. Jane Smith',
    email: 'jane@example.com',
    phoneNumber: '555-123-4567',
    specialization: 'Cardiology',
    medicalLicenseNumber: 'MD123456',
    licenseState: 'CA',
    yearsExperience: 12,
    hospitalAffiliation: 'General Hospital',
    medicalSchool: 'State Medical School',
    graduationYear: 2010,
    boardCertifications: [],
    applicationDate: '2025-01-05T15:04:00.000Z',
    status: 'pending',
    reviewedAt: null,
    reviewNotes: null,
    version: 0,
    ...overrides,
  };
}

/** Seven applications, newest first: the dashboard shows the first five. */
export const applications: AdminApplication[] = [
  application(),
  application({
    id: 'app-2',
    applicationId: 'B2CD-3EFG',
    fullName: 'Dr. Omar Haddad',
    email: 'omar@example.com',
    specialization: 'Pediatrics',
    hospitalAffiliation: '',
    status: 'approved',
    yearsExperience: 1,
  }),
  ...[3, 4, 5, 6, 7].map((n) =>
    application({
      id: `app-${n}`,
      applicationId: `APP${n}-0000`,
      fullName: `Doctor Number ${n}`,
      email: `doctor${n}@example.com`,
      status: n % 2 === 0 ? 'rejected' : 'under_review',
    }),
  ),
];

export function attachment(overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: 'att-1',
    filename: 'k7qf-license.pdf',
    originalName: 'license.pdf',
    type: 'medical_license',
    size: 2048,
    url: 'https://uploads.example.com/license.pdf?X-Amz-Signature=abc',
    createdAt: '2025-01-05T15:05:00.000Z',
    ...overrides,
  };
}

export const attachments: Attachment[] = [
  attachment(),
  attachment({
    id: 'att-2',
    filename: 'k7qf-id.png',
    originalName: 'passport.png',
    type: 'identification',
    url: 'https://uploads.example.com/passport.png?X-Amz-Signature=def',
  }),
  attachment({
    id: 'att-3',
    filename: 'k7qf-cv.docx',
    originalName: 'cv.docx',
    type: 'cv',
    url: 'https://uploads.example.com/cv.docx?X-Amz-Signature=ghi',
  }),
];

export function caseRow(overrides: Partial<AdminCaseRow> = {}): AdminCaseRow {
  return {
    id: '3f2b8c1e-1111-4a2b-9c3d-000000000001',
    patientName: 'Alex Patient',
    patientEmail: 'alex@example.com',
    symptoms: 'Headache and fever for two days',
    triageSummary: 'Headache and fever for two days',
    medicalHistory: 'Asthma',
    priority: 'urgent',
    status: 'in_progress',
    requestType: 'telemedicine',
    assignedProviderName: 'Dr. Jane Smith',
    location: 'Austin, TX',
    createdAt: '2025-01-06T10:30:00.000Z',
    feedback: null,
    ...overrides,
  };
}

export const cases: AdminCaseRow[] = [
  caseRow(),
  caseRow({
    id: '3f2b8c1e-1111-4a2b-9c3d-000000000002',
    patientName: 'Sam Example',
    patientEmail: null,
    symptoms: 'Chest pain',
    triageSummary: 'Possible cardiac event: emergency',
    priority: 'emergency',
    status: 'pending',
    requestType: 'nurse-visit',
    assignedProviderName: null,
  }),
];

/** The access-record fields, empty on an application's entry. */
const NOT_AN_ACCESS: Pick<AuditLogEntry, 'actorRole' | 'actorId' | 'caseIds' | 'requestId'> = {
  actorRole: null,
  actorId: '',
  caseIds: [],
  requestId: '',
};

export const logs: AuditLogEntry[] = [
  {
    id: 'log-4',
    timestamp: '2025-01-07T09:30:00.000Z',
    action: 'APPROVED',
    applicationId: 'K7QF-29XM',
    adminId: ADMIN_ID,
    previousStatus: 'pending',
    newStatus: 'approved',
    notes: 'Verified, "all good", thanks',
    ...NOT_AN_ACCESS,
  },
  {
    id: 'log-3',
    timestamp: '2025-01-06T09:30:00.000Z',
    action: 'REJECTED',
    applicationId: 'B2CD-3EFG',
    adminId: ADMIN_ID,
    previousStatus: 'under_review',
    newStatus: 'rejected',
    notes: 'License expired\nPlease reapply',
    ...NOT_AN_ACCESS,
  },
  {
    id: 'log-2',
    timestamp: '2025-01-05T15:04:00.000Z',
    action: 'CREATED',
    applicationId: 'K7QF-29XM',
    adminId: '',
    previousStatus: null,
    newStatus: 'pending',
    notes: '',
    ...NOT_AN_ACCESS,
  },
  {
    id: 'log-1',
    timestamp: '2025-01-04T15:04:00.000Z',
    action: 'SUSPENDED',
    applicationId: 'Z9Y8-X7W6',
    adminId: 'admin-2',
    previousStatus: 'approved',
    newStatus: 'suspended',
    notes: 'Under investigation',
    ...NOT_AN_ACCESS,
  },
];
