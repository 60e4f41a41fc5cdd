import { getCaseBundle, type CaseBundle } from '#db/cases/bundle';
import { notFound } from '#core/errors';

export const CASE_NOT_FOUND = 'Case not found';

export async function loadCase(caseId: string): Promise<CaseBundle> {
  const bundle = await getCaseBundle(caseId);
  if (!bundle) throw notFound(CASE_NOT_FOUND);
  return bundle;
}
