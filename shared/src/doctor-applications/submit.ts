import * as z from 'zod';
import { applicationDocumentTypes, applicationMessages } from './application-rules';

export {
  applicationDocumentMessages,
  applicationDocumentRules,
  applicationDocumentTypes,
  applicationMessages,
} from './application-rules';

/** Spec doc 2 §5: the specializations offered, in order. */
export const specializations = [
  'Family Medicine',
  'Internal Medicine',
  'Pediatrics',
  'Cardiology',
  'Dermatology',
  'Emergency Medicine',
  'Psychiatry',
  'Orthopedics',
  'Radiology',
  'Anesthesiology',
  'Pathology',
  'Surgery',
  'Neurology',
  'Oncology',
  'Obstetrics & Gynecology',
  'Ophthalmology',
  'Other',
] as const;

/** The 50 US state codes (spec doc 2 §5). */
export const usStateCodes = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const YEARS_EXPERIENCE_MAX = 50;
export const GRADUATION_YEAR_MIN = 1970;

/** Non-numeric years become 0 (experience) or the current year (graduation), per the spec. */
function numberOr(fallback: () => number) {
  return z.preprocess((value) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : fallback();
  }, z.number().int());
}

const text = (min: number, message: string, max = 200) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

/** `POST /api/doctor-applications` (spec doc 2 §3, §5). */
export const doctorApplicationSubmitSchema = z.object({
  fullName: text(2, applicationMessages.fullName),
  email: z
    .string({ error: applicationMessages.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: applicationMessages.email }).max(254)),
  phoneNumber: text(10, applicationMessages.phoneNumber, 40),
  medicalLicenseNumber: text(5, applicationMessages.medicalLicenseNumber, 50),
  licenseState: z.enum(usStateCodes, { error: applicationMessages.licenseState }),
  specialization: z
    .enum(specializations, { error: applicationMessages.specialization })
    .default('Family Medicine'),
  yearsExperience: numberOr(() => 0).pipe(
    z
      .number()
      .min(0, { error: 'Years of experience must be between 0 and 50' })
      .max(YEARS_EXPERIENCE_MAX, {
        error: 'Years of experience must be between 0 and 50',
      }),
  ),
  hospitalAffiliation: text(2, applicationMessages.hospitalAffiliation),
  medicalSchool: text(2, applicationMessages.medicalSchool),
  graduationYear: numberOr(() => new Date().getFullYear()).pipe(
    z
      .number()
      .min(GRADUATION_YEAR_MIN, {
        error: `Graduation year must be between ${GRADUATION_YEAR_MIN} and this year`,
      })
      .refine((year) => year <= new Date().getFullYear(), {
        error: `Graduation year must be between ${GRADUATION_YEAR_MIN} and this year`,
      }),
  ),
  boardCertifications: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
});
export type DoctorApplicationSubmit = z.infer<typeof doctorApplicationSubmitSchema>;

/** Default graduation year of the form: the current year minus 4 (spec doc 2 §3). */
export const defaultGraduationYear = (now = new Date()) => now.getFullYear() - 4;

export const doctorApplicationSubmitResponseSchema = z.object({
  success: z.literal(true),
  applicationId: z.string(),
  message: z.string(),
});
export type DoctorApplicationSubmitResponse = z.infer<typeof doctorApplicationSubmitResponseSchema>;

/** `GET /api/providers/check-email?email=` */
export const checkEmailQuerySchema = z.object({
  email: z
    .string({ error: applicationMessages.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: applicationMessages.email }).max(254)),
});
export const checkEmailResponseSchema = z.object({ exists: z.boolean() });

export const applicationDocumentTypeSchema = z.enum(applicationDocumentTypes, {
  error: 'Unknown document type',
});
export type ApplicationDocumentType = z.infer<typeof applicationDocumentTypeSchema>;
