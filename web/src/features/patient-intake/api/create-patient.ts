import { createPatient as createPatientRoute } from '@shared/patients/contracts';
import type { CreatePatientResponse, PatientRequest } from '@shared/patients/request';
import { request } from '@web/lib/api';
import { keepPatientKey } from '@web/lib/patient-key';

/**
 * `POST /api/patients` (spec doc 1 §7, reading B): the patient request as JSON. Answers
 * `{ success, patientId, caseId, patientKey }`; the case id is where the files go and what is
 * paid for. The key is kept in this browser for both ids (lib/patient-key.ts).
 */
export async function createPatient(
  patient: PatientRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreatePatientResponse> {
  const created = await request(createPatientRoute, { body: patient, signal });
  keepPatientKey([created.caseId, created.patientId], created.patientKey);
  return created;
}
