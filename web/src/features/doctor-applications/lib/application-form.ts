import {
  defaultGraduationYear,
  doctorApplicationSubmitSchema,
  type DoctorApplicationSubmit,
} from '@shared/doctor-applications/submit';
import { validateWith, type Validation } from '@web/components/form/validate';

/** Session storage key of the unsent text fields (files are never stored). */
export const APPLICATION_DRAFT_KEY = 'telehealth.doctorApplication.draft';

/** What the form holds: text as typed (years too), so nothing is lost on the way. */
export interface ApplicationFormValues {
  fullName: string;
  email: string;
  phoneNumber: string;
  medicalLicenseNumber: string;
  licenseState: string;
  specialization: string;
  yearsExperience: string;
  hospitalAffiliation: string;
  medicalSchool: string;
  graduationYear: string;
  boardCertifications: string[];
}

export type ApplicationField = keyof ApplicationFormValues;

/** Screen order: the first invalid field takes focus. */
export const APPLICATION_FIELD_ORDER: readonly ApplicationField[] = [
  'fullName',
  'email',
  'phoneNumber',
  'medicalLicenseNumber',
  'licenseState',
  'specialization',
  'yearsExperience',
  'hospitalAffiliation',
  'medicalSchool',
  'graduationYear',
  'boardCertifications',
];

/** Spec doc 2 §3: specialization Family Medicine, experience 0, graduation this year minus 4. */
export function initialApplicationValues(now = new Date()): ApplicationFormValues {
  return {
    fullName: '',
    email: '',
    phoneNumber: '',
    medicalLicenseNumber: '',
    licenseState: '',
    specialization: 'Family Medicine',
    yearsExperience: '0',
    hospitalAffiliation: '',
    medicalSchool: '',
    graduationYear: String(defaultGraduationYear(now)),
    boardCertifications: [],
  };
}

/** Checks the form with the shared schema (the one the server uses): messages of spec §5. */
export function validateApplication(
  values: ApplicationFormValues,
): Validation<DoctorApplicationSubmit, ApplicationField> {
  return validateWith(doctorApplicationSubmitSchema, values, APPLICATION_FIELD_ORDER);
}

/**
 * What a year field will be sent as (spec doc 2 §5): non-numeric experience becomes 0 and a
 * non-numeric graduation year the current year. Numbers are kept as typed (range errors show).
 */
export function normalizeYearText(
  field: 'yearsExperience' | 'graduationYear',
  text: string,
  now = new Date(),
): string {
  const number = text.trim() === '' ? Number.NaN : Number(text);
  if (Number.isFinite(number)) return String(Math.trunc(number));
  return field === 'yearsExperience' ? '0' : String(now.getFullYear());
}
