import { caseIntakeSchema, type CaseIntake } from '@shared/cases/intake';
import { patientRequestSchema, type PatientRequest } from '@shared/patients/request';
import { fieldErrorsOf, type FieldErrors } from '@web/components/form/field-errors';
import type {
  CaseFormField,
  CaseFormValues,
  IntakeExtras,
  PatientFormField,
  PatientFormValues,
} from './intake-fields';

/*
 * The two readings checked with their shared schemas. With zod, so it is part of the lazily
 * loaded `intake-requests.ts`, never of the request screen's first load.
 */

// ── Reading A: the case form of /patient-telehealth ─────────────────────────────────────────

const caseIntakeFields = {
  name: 'name',
  triageSummary: 'symptoms',
  email: 'email',
  phone: 'phone',
} as const satisfies Record<string, CaseFormField>;

const nurseRequestFields = {
  name: 'name',
  symptoms: 'symptoms',
  contactInfo: 'phone',
  requestType: 'requestType',
  location: 'address',
} as const satisfies Record<string, CaseFormField>;

/** contactInfo of a nurse visit asked for on the case form: the email and phone given. */
export function contactInfoOf(email: string, phone: string): string {
  return [email.trim(), phone.trim()].filter(Boolean).join(', ');
}

export type CaseFormResult =
  | { ok: true; flow: 'case'; intake: CaseIntake }
  | { ok: true; flow: 'patient'; intake: CaseIntake; request: PatientRequest }
  | { ok: false; errors: FieldErrors<CaseFormField> };

/**
 * Reading A (spec doc 1 §5) with `caseIntakeSchema`. A home nurse visit is sent as reading B
 * (`patientRequestSchema`, which requires the home address as `location`).
 */
export function validateCaseForm(values: CaseFormValues, extras: IntakeExtras): CaseFormResult {
  const intake = caseIntakeSchema.safeParse({
    name: values.name,
    triageSummary: values.symptoms,
    email: values.email,
    phone: values.phone,
  });
  const errors = intake.success ? {} : fieldErrorsOf(intake.error.issues, caseIntakeFields);

  if (values.requestType !== 'nurse-visit') {
    return intake.success ? { ok: true, flow: 'case', intake: intake.data } : { ok: false, errors };
  }

  const request = patientRequestSchema.safeParse({
    name: values.name,
    contactInfo: contactInfoOf(values.email, values.phone),
    symptoms: values.symptoms,
    history: '',
    requestType: 'nurse-visit',
    location: values.address,
    medicalFiles: extras.medicalFiles,
    metadata: extras.metadata,
  });
  if (!request.success) {
    const requestErrors = fieldErrorsOf(request.error.issues, nurseRequestFields);
    return { ok: false, errors: { ...requestErrors, ...errors } };
  }
  if (!intake.success) return { ok: false, errors };
  return { ok: true, flow: 'patient', intake: intake.data, request: request.data };
}

// ── Reading B: the patient form of /patient ─────────────────────────────────────────────────

const patientRequestFields = {
  requestType: 'requestType',
  location: 'address',
  name: 'name',
  contactInfo: 'contactInfo',
  symptoms: 'symptoms',
  history: 'history',
} as const satisfies Record<string, PatientFormField>;

export type PatientFormResult =
  { ok: true; request: PatientRequest } | { ok: false; errors: FieldErrors<PatientFormField> };

/** Reading B (spec doc 1 §5) with `patientRequestSchema`; the address only for a nurse visit. */
export function validatePatientForm(
  values: PatientFormValues,
  extras: IntakeExtras,
): PatientFormResult {
  const result = patientRequestSchema.safeParse({
    name: values.name,
    contactInfo: values.contactInfo,
    symptoms: values.symptoms,
    history: values.history,
    requestType: values.requestType || undefined,
    location: values.requestType === 'nurse-visit' ? values.address : '',
    medicalFiles: extras.medicalFiles,
    metadata: extras.metadata,
  });
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues, patientRequestFields) };
}
