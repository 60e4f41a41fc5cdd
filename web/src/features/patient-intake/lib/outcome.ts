import type { CaseIntake } from '@shared/cases/intake';
import type { CreatePatientResponse, PatientRequest, RequestType } from '@shared/patients/request';
import { savePatientSessionNote } from './session-note';

/** A created request: reading A makes a case, reading B a patient with its case. */
export type IntakeOutcome =
  | { flow: 'case'; caseId: string; requestType: 'telemedicine' }
  | {
      flow: 'patient';
      caseId: string;
      patientId: string;
      patientName: string;
      requestType: RequestType;
    };

/** What the offline queue keeps: the text fields of one form, ready to send. */
export type QueuedIntake =
  { flow: 'case'; intake: CaseIntake } | { flow: 'patient'; request: PatientRequest };

export function caseOutcome(caseId: string): IntakeOutcome {
  return { flow: 'case', caseId, requestType: 'telemedicine' };
}

/**
 * The outcome of a created patient. Saves the session note (spec doc 1 §3) now, so that it is
 * in place before any payment redirect.
 */
export function patientOutcome(
  request: PatientRequest,
  response: CreatePatientResponse,
  now = new Date(),
): IntakeOutcome {
  savePatientSessionNote({
    patientId: response.patientId,
    patientName: request.name,
    requestType: request.requestType,
    timestamp: now.toISOString(),
  });
  return {
    flow: 'patient',
    caseId: response.caseId,
    patientId: response.patientId,
    patientName: request.name,
    requestType: request.requestType,
  };
}

/** `1732190000000-report.pdf`: the label of an attached file (spec doc 1 §3). */
export function medicalFileLabel(file: Pick<File, 'name'>, addedAt: number): string {
  return `${addedAt}-${file.name}`.slice(0, 300);
}
