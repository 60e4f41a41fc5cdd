import { createCase as createCaseRoute } from '@shared/cases/contracts';
import type { CaseIntake } from '@shared/cases/intake';
import { requestForm } from '@web/lib/api';
import { keepPatientKey } from '@web/lib/patient-key';

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
 * case exists. Answers `{ caseId, patientKey }`: the key, the patient's capability, is kept in
 * this browser (lib/patient-key.ts) before the case id is returned. A non-OK answer throws an
 * `ApiError`.
 */
export async function createCase(
  intake: CaseIntake,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string> {
  const { caseId, patientKey } = await requestForm(createCaseRoute, caseFormData(intake), {
    signal,
  });
  keepPatientKey([caseId], patientKey);
  return caseId;
}
