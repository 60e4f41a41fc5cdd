import { createPatient as createPatientRoute } from '@shared/patients/contracts';
import type { CreatePatientResponse, PatientRequest } from '@shared/patients/request';
import { request } from '@web/lib/api';

/**
 * `POST /api/patients` (spec doc 1 §7, reading B): the patient request as JSON. Answers
 * `{ success, patientId, caseId }`; the case id is where the files go and what is paid for.
 */
export async function createPatient(
  patient: PatientRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreatePatientResponse> {
  return request(createPatientRoute, { body: patient, signal });
}
