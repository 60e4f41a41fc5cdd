import type { PatientRequest, RequestType } from '@shared/patients/request';
import {
  analyzeSymptoms,
  MIN_ANALYSIS_LENGTH,
  type RegionSetting,
  type SymptomAnalysis,
} from '@shared/triage';

/*
 * The intake forms' fields and what a request carries besides them, without the shared schemas:
 * the form renders with this module, and `validate.ts` (zod) loads with the first submit
 * (`load-intake-requests.ts`).
 */

/** The analyser's last answer, when it came, and the (trimmed) text it is about. */
export interface TimedAnalysis {
  analysis: SymptomAnalysis;
  at: string;
  text: string;
}

/**
 * The analysis of the text being sent: the field's last answer when it is about this text,
 * otherwise a fresh one (the patient may submit within the field's 500 ms debounce), in the
 * region the field analyses in.
 */
export function analysisFor(
  symptoms: string,
  latest: TimedAnalysis | null,
  now = new Date(),
  region: RegionSetting = 'default',
): TimedAnalysis | null {
  const text = symptoms.trim();
  if (latest && latest.text === text) return latest;
  if (text.length < MIN_ANALYSIS_LENGTH) return null;
  return { analysis: analyzeSymptoms(text, { region }), at: now.toISOString(), text };
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
