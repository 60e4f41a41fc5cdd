import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { CaseIntake } from '@shared/cases/intake';
import type { CreatePatientResponse, PatientRequest } from '@shared/patients/request';
import { loadIntakeRequests } from '../lib/load-intake-requests';

/**
 * The request screen's two calls as mutations. The fetchers (`create-case.ts`,
 * `create-patient.ts`) bring their contracts and zod, so they load with the first submit
 * (`loadIntakeRequests`), not with the page.
 */
export function useCreateCase(
  options: Omit<UseMutationOptions<string, Error, CaseIntake>, 'mutationFn' | 'mutationKey'> = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['cases', 'create'],
    mutationFn: async (intake: CaseIntake) => (await loadIntakeRequests()).createCase(intake),
  });
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
    mutationFn: async (patient: PatientRequest) =>
      (await loadIntakeRequests()).createPatient(patient),
  });
}
