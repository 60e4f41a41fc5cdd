import * as z from 'zod';
import { adminCaseStatuses } from '../cases/status';
import { applicationStatusSchema } from '../doctor-applications/status';
import { requestTypeSchema, urgencyLevelSchema } from '../patients/request';

export const ADMIN_LOGIN_BLANK = 'Please enter both username and password';
export const ADMIN_LOGIN_FAILED = 'Invalid username or password. Please try again.';

/** `POST /api/admin/login` */
export const adminLoginRequestSchema = z.object({
  username: z
    .string({ error: ADMIN_LOGIN_BLANK })
    .trim()
    .min(1, { error: ADMIN_LOGIN_BLANK })
    .max(100),
  password: z.string({ error: ADMIN_LOGIN_BLANK }).min(1, { error: ADMIN_LOGIN_BLANK }).max(200),
});
/**
 * The sign-in form (spec doc 2 §5): both fields must be non-blank after trimming. The password
 * is still sent as typed.
 */
export const adminLoginFormSchema = adminLoginRequestSchema.extend({
  password: adminLoginRequestSchema.shape.password.refine((password) => password.trim() !== '', {
    error: ADMIN_LOGIN_BLANK,
  }),
});
export const adminLoginResponseSchema = z.object({ token: z.string(), adminId: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** `GET /api/admin/stats` (spec doc 2 §3); averageReviewTime in hours. */
export const adminStatsSchema = z.object({
  totalApplications: z.number().int(),
  pendingApplications: z.number().int(),
  approvedApplications: z.number().int(),
  rejectedApplications: z.number().int(),
  applicationsToday: z.number().int(),
  averageReviewTime: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** `GET /api/admin/applications?status=&search=` (status omitted for All). */
export const adminApplicationsQuerySchema = z.object({
  status: applicationStatusSchema.optional(),
  search: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
});

/** An application as the admin lists and reviews it (spec doc 2 §3: admin list item). */
export const adminApplicationSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  specialization: z.string(),
  medicalLicenseNumber: z.string(),
  licenseState: z.string(),
  yearsExperience: z.number().int(),
  hospitalAffiliation: z.string(),
  medicalSchool: z.string(),
  graduationYear: z.number().int(),
  boardCertifications: z.array(z.string()),
  applicationDate: z.string(),
  status: applicationStatusSchema,
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationListSchema = z.array(adminApplicationSchema);

/** `POST /api/admin/applications/{id}/approve|reject` */
export const reviewRequestSchema = z.object({
  notes: z
    .string()
    .trim()
    .max(2000, { error: 'Notes must be at most 2000 characters' })
    .default(''),
});
export const reviewResponseSchema = z.object({
  success: z.literal(true),
  application: adminApplicationSchema,
  /** False when the decision stands but the doctor's email could not be sent. */
  emailSent: z.boolean(),
});

export const auditActions = ['APPROVED', 'REJECTED', 'CREATED', 'UPDATED'] as const;

/** An audit log entry (spec doc 2 §3); adminId is blank for System. */
export const auditLogEntrySchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  action: z.string(),
  applicationId: z.string(),
  adminId: z.string(),
  previousStatus: z.string().nullable(),
  newStatus: z.string(),
  notes: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogSchema = z.array(auditLogEntrySchema);

/** A case row of the admin Cases tab (spec doc 2 §3). */
export const adminCaseRowSchema = z.object({
  id: z.string(),
  patientName: z.string(),
  patientEmail: z.string().nullable(),
  symptoms: z.string(),
  triageSummary: z.string(),
  medicalHistory: z.string(),
  priority: urgencyLevelSchema,
  status: z.enum(adminCaseStatuses),
  requestType: requestTypeSchema,
  assignedProviderName: z.string().nullable(),
  location: z.string(),
  createdAt: z.string(),
});
export type AdminCaseRow = z.infer<typeof adminCaseRowSchema>;
export const adminCaseListSchema = z.array(adminCaseRowSchema);

/** `POST /api/admin/logout` answers 204 without a body. */
export const adminLogoutResponseSchema = z.void();
