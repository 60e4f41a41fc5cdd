import { caseIdSchema } from '@shared/cases/api';
import * as z from 'zod';
import { getCaseBundle, type CaseBundle } from '../../db/cases';
import { notFound } from '../../lib/errors';

export const CASE_NOT_FOUND = 'Case not found';

/** Path parameters of every `/api/cases/{caseId}/…` route. */
export const caseParamsSchema = z.object({ caseId: caseIdSchema });

export async function loadCase(caseId: string): Promise<CaseBundle> {
  const bundle = await getCaseBundle(caseId);
  if (!bundle) throw notFound(CASE_NOT_FOUND);
  return bundle;
}
