import * as z from 'zod';

export const CASE_ID_MESSAGE = 'Case ID must be a valid UUID';
export const caseIdSchema = z.uuid({ error: CASE_ID_MESSAGE });

/** Path parameters of every `/api/cases/{caseId}/…` route. */
export const caseParamsSchema = z.object({ caseId: caseIdSchema });
