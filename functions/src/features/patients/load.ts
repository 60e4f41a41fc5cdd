import { getCaseBundle, type CaseBundle } from '../../db/cases';
import { getPatient, type PatientRecord } from '../../db/patients';
import { notFound } from '../../lib/errors';

export const PATIENT_NOT_FOUND = 'Patient not found';

/** The patient and their case (reading B's pages address the case through the patient id). */
export async function loadPatientCase(
  patientId: string,
): Promise<{ patient: PatientRecord; bundle: CaseBundle }> {
  const patient = await getPatient(patientId);
  const bundle = patient ? await getCaseBundle(patient.caseId) : null;
  if (!patient || !bundle) throw notFound(PATIENT_NOT_FOUND);
  return { patient, bundle };
}
