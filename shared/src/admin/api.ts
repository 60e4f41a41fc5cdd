import * as z from 'zod';
import { applicationStatusSchema } from '../doctor-applications/status';
import { pageSchema } from '../http/page';
import { recoveryCodesSchema, secondFactorChallengeSchema } from '../second-factor/api';
import { adminPageQuerySchema } from './page';

// Sign-in and applications live here; the other admin schemas have a module each (so a handler
// bundles only what it answers) and are re-exported for callers that want one import.
export * from './audit-log';
export * from './case-rows';
export * from './page';
export * from './stats';

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
/**
 * The password step answers the second factor's challenge (issue 25, docs/spec-deviations.md);
 * `{ token, adminId }` (spec doc 2 §3) comes from the code step, `POST /api/admin/login/code`.
 */
export const adminLoginResponseSchema = secondFactorChallengeSchema;
export const adminSessionSchema = z.object({ token: z.string(), adminId: z.string() });
export type AdminSession = z.infer<typeof adminSessionSchema>;
/** The code step: the spec's `{ token, adminId }`, with the recovery codes of an enrolment. */
export const adminLoginCodeResponseSchema = adminSessionSchema.extend(recoveryCodesSchema.shape);
export type AdminLoginResponse = z.infer<typeof adminLoginCodeResponseSchema>;

/**
 * `GET /api/admin/applications?status=&search=&cursor=&limit=` (status omitted for All): one
 * page of the matching applications, newest first.
 */
export const adminApplicationsQuerySchema = adminPageQuerySchema.extend({
  status: applicationStatusSchema.optional(),
  search: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
});
export type AdminApplicationsQuery = z.infer<typeof adminApplicationsQuerySchema>;

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
  /**
   * Bumped by every review. The panel sends it back as `expectedVersion`, so a decision made on
   * what the admin saw is refused (409) when someone else reviewed the application meanwhile.
   */
  version: z.number().int(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationPageSchema = pageSchema(adminApplicationSchema);
export type AdminApplicationPage = z.infer<typeof adminApplicationPageSchema>;

/** `POST /api/admin/applications/{id}/approve|reject` */
export const reviewRequestSchema = z.object({
  notes: z
    .string()
    .trim()
    .max(2000, { error: 'Notes must be at most 2000 characters' })
    .default(''),
  /**
   * The `version` of the application the decision was made on (optional: the spec's body is
   * `{notes}`). Without it, the decision applies to the application as the server reads it.
   */
  expectedVersion: z.number().int().min(0).optional(),
});

/** The 409 of a review that lost a race with another review of the same application. */
export const REVIEW_CONFLICT_MESSAGE =
  'The application changed while it was being reviewed. Please try again.';
export const reviewResponseSchema = z.object({
  success: z.literal(true),
  application: adminApplicationSchema,
  /**
   * False when the decision stands but the doctor's email could not be sent. The server always
   * sends it; optional because the web reads only `application`.
   */
  emailSent: z.boolean().optional(),
});
