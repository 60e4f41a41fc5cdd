import {
  defaultGraduationYear,
  doctorApplicationSubmitSchema,
  type DoctorApplicationSubmit,
} from '@shared/doctor-applications/submit';

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

export type FieldErrors = Partial<Record<ApplicationField, string>>;

export type ApplicationValidation =
  { ok: true; data: DoctorApplicationSubmit } | { ok: false; errors: FieldErrors };

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first message per form field; issues of unknown paths are dropped. */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== 'string' || !(APPLICATION_FIELD_ORDER as readonly string[]).includes(key)) {
      continue;
    }
    const field = key as ApplicationField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Server issues name their field as a dotted path (`boardCertifications.0`). */
export function serverFieldErrorsOf(
  issues: readonly { path: string; message: string }[],
): FieldErrors {
  return fieldErrorsOf(issues.map(({ path, message }) => ({ path: path.split('.'), message })));
}

/** Checks the form with the shared schema (the one the server uses): messages of spec §5. */
export function validateApplication(values: ApplicationFormValues): ApplicationValidation {
  const result = doctorApplicationSubmitSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues) };
}

export function firstInvalidField(errors: FieldErrors): ApplicationField | undefined {
  return APPLICATION_FIELD_ORDER.find((field) => errors[field] !== undefined);
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
