import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  createPatientResponseSchema,
  type CreatePatientResponse,
  type PatientRequest,
} from '@shared/patients/request';
import { apiRequest } from '@web/lib/api';

export const CREATE_PATIENT_URL = '/api/patients';

/**
 * `POST /api/patients` (spec doc 1 §7, reading B): the patient request as JSON. Answers
 * `{ success, patientId, caseId }`; the case id is where the files go and what is paid for.
 */
export async function createPatient(
  request: PatientRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreatePatientResponse> {
  const res = await apiRequest('POST', CREATE_PATIENT_URL, request, { signal });
  return createPatientResponseSchema.parse(await res.json());
}

export function useCreatePatient(
  options: Omit<
    UseMutationOptions<CreatePatientResponse, Error, PatientRequest>,
    'mutationFn' | 'mutationKey'
  > = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['patients', 'create'],
    mutationFn: (request: PatientRequest) => createPatient(request),
  });
}
