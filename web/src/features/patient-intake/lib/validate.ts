import { caseIntakeSchema, type CaseIntake } from '@shared/cases/intake';
import {
  patientRequestSchema,
  type PatientRequest,
  type RequestType,
} from '@shared/patients/request';
import { analyzeSymptoms, MIN_ANALYSIS_LENGTH, type SymptomAnalysis } from '@shared/triage';
import { fieldErrorsOf, type FieldErrors } from '@web/components/form/field-errors';

/** The analyser's last answer, when it came, and the (trimmed) text it is about. */
export interface TimedAnalysis {
  analysis: SymptomAnalysis;
  at: string;
  text: string;
}

/**
 * The analysis of the text being sent: the field's last answer when it is about this text,
 * otherwise a fresh one (the patient may submit within the field's 500 ms debounce).
 */
export function analysisFor(
  symptoms: string,
  latest: TimedAnalysis | null,
  now = new Date(),
): TimedAnalysis | null {
  const text = symptoms.trim();
  if (latest && latest.text === text) return latest;
  if (text.length < MIN_ANALYSIS_LENGTH) return null;
  return { analysis: analyzeSymptoms(text), at: now.toISOString(), text };
}

/** What a request carries besides the typed fields: file labels and the triage metadata. */
export interface IntakeExtras {
  medicalFiles: string[];
  metadata: PatientRequest['metadata'];
}

/** Reading B's optional metadata: the analysis and the body regions the patient picked. */
export function triageMetadata(
  latest: TimedAnalysis | null,
  regions: readonly string[],
): PatientRequest['metadata'] {
  const metadata: NonNullable<PatientRequest['metadata']> = {};
  if (latest) {
    metadata.urgencyLevel = latest.analysis.urgencyLevel;
    metadata.confidence = Math.min(1, Math.max(0, latest.analysis.confidence));
    metadata.matchedKeywords = latest.analysis.matchedKeywords
      .slice(0, 50)
      .map((keyword) => keyword.slice(0, 100));
    metadata.analysisTimestamp = latest.at;
  }
  if (regions.length > 0) metadata.selectedTriageImages = regions.slice(0, 20);
  return Object.keys(metadata).length > 0 ? metadata : undefined;
}

// ── Reading A: the case form of /patient-telehealth ─────────────────────────────────────────

export interface CaseFormValues {
  requestType: RequestType;
  name: string;
  symptoms: string;
  email: string;
  phone: string;
  address: string;
  regions: string[];
}

export type CaseFormField = 'requestType' | 'address' | 'name' | 'symptoms' | 'email' | 'phone';

/** Screen order: the first invalid field takes focus. */
export const CASE_FORM_ORDER: readonly CaseFormField[] = [
  'requestType',
  'address',
  'name',
  'symptoms',
  'email',
  'phone',
];

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

export interface PatientFormValues {
  requestType: RequestType | '';
  name: string;
  contactInfo: string;
  symptoms: string;
  history: string;
  address: string;
  regions: string[];
}

export type PatientFormField =
  'requestType' | 'address' | 'name' | 'contactInfo' | 'symptoms' | 'history';

export const PATIENT_FORM_ORDER: readonly PatientFormField[] = [
  'requestType',
  'address',
  'name',
  'contactInfo',
  'symptoms',
  'history',
];

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
