import * as z from 'zod';
import { requestTypes } from './request-types';

/**
 * The schemas of a case's care type and urgency, in a module of their own: the stored case and
 * the API's answers read them, and a handler that imports them from `request.ts` also built the
 * request screen's form schema at every cold start (zod schemas are made when their module
 * loads, and esbuild cannot drop a zod call it does not know to be pure). `request.ts`
 * re-exports them.
 */
export const requestTypeSchema = z.enum(requestTypes, { error: 'Please choose a type of care' });

export const urgencyLevels = ['emergency', 'urgent', 'routine'] as const;
export const urgencyLevelSchema = z.enum(urgencyLevels);
export type UrgencyLevel = z.infer<typeof urgencyLevelSchema>;
