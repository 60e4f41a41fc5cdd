import { insertPatientWithCase } from '#db/cases/create';
import type { CaseRecord } from '#db/cases/record';
import type { PatientRecord } from '#db/patients';
import type { Logger } from '#lib/logger';
import { announceCase } from '#lib/realtime/announce';
import { newPatientAndCase, type NewCaseInput } from './new-case';

/** A new patient and case, stored, and the key returned once to the intake's answer. */
export interface OpenedCase {
  patient: PatientRecord;
  caseRecord: CaseRecord;
  patientKey: string;
}

/**
 * Opens a case, for both intake readings (spec doc 1 §2): the patient and the case in one
 * transaction (access pattern 9), then what the intake stores with it (`storeWithCase`: reading
 * A's inline files, features/cases/case-intake.ts), then the announcement to the providers'
 * dashboards, last, so that a doctor who opens the case finds all of it. Apart from reading A's
 * file handling so that reading B's handler does not bundle the upload code.
 */
export async function openCase(
  input: NewCaseInput,
  log: Logger,
  storeWithCase?: (caseRecord: CaseRecord) => Promise<void>,
): Promise<OpenedCase> {
  const opened = newPatientAndCase(input);
  await insertPatientWithCase(opened.patient, opened.caseRecord);
  await storeWithCase?.(opened.caseRecord);
  await announceCase('NEW_CASE_CREATED', opened.caseRecord, log);
  return opened;
}
