import { getCaseBundle, getCaseBundleWithPatient, type CaseBundle } from '#db/cases/bundle';
import { caseIdOfPatient, getPatient, type PatientRecord } from '#db/patients';
import { notFound } from '#core/errors';

export const PATIENT_NOT_FOUND = 'Patient not found';

/**
 * The patient and their case (reading B's pages address the case through the patient id), with
 * one Query of the case partition: the case id follows from the patient id and the partition
 * holds the patient's copy (db/patients.ts). A patient whose case was stored before that (or an
 * id that names no patient) takes the two reads of old: the patient, then its case.
 */
export async function loadPatientCase(
  patientId: string,
): Promise<{ patient: PatientRecord; bundle: CaseBundle }> {
  const found = await getCaseBundleWithPatient(caseIdOfPatient(patientId));
  if (found.patient?.id === patientId && found.bundle) {
    return { patient: found.patient, bundle: found.bundle };
  }
  const patient = await getPatient(patientId);
  const bundle = patient ? await getCaseBundle(patient.caseId) : null;
  if (!patient || !bundle) throw notFound(PATIENT_NOT_FOUND);
  return { patient, bundle };
}
