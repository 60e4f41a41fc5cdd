import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { createCaseResponseSchema, type CaseIntake } from '@shared/cases/intake';
import { throwIfResNotOk } from '@web/lib/api';

export const CREATE_CASE_URL = '/api/cases';

/** The case fields as multipart form data; the optional contacts only when given. */
export function caseFormData(intake: CaseIntake): FormData {
  const body = new FormData();
  body.append('name', intake.name);
  body.append('triageSummary', intake.triageSummary);
  if (intake.email) body.append('email', intake.email);
  if (intake.phone) body.append('phone', intake.phone);
  return body;
}

/**
 * `POST /api/cases` (spec doc 1 §7, reading A): multipart with name, triageSummary and the
 * optional email and phone. Files are not sent inline: they go through presigned uploads once the
 * case exists. Answers `{ caseId }`; a non-OK answer throws an `ApiError`.
 */
export async function createCase(
  intake: CaseIntake,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string> {
  // No Content-Type header: the browser sets multipart/form-data with its boundary.
  const res = await fetch(CREATE_CASE_URL, {
    method: 'POST',
    body: caseFormData(intake),
    headers: { Accept: 'application/json' },
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return createCaseResponseSchema.parse(await res.json()).caseId;
}

export function useCreateCase(
  options: Omit<UseMutationOptions<string, Error, CaseIntake>, 'mutationFn' | 'mutationKey'> = {},
) {
  return useMutation({
    ...options,
    mutationKey: ['cases', 'create'],
    mutationFn: (intake: CaseIntake) => createCase(intake),
  });
}
