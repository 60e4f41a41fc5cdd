import * as z from 'zod';
import { applicationStatusResponseSchema } from '@shared/doctor-applications/status';

/**
 * The status answer as the pages read it: the shared contract, except that a status this client
 * does not know yet is kept (the page shows it as 'Unknown', spec doc 2 §4) instead of failing.
 */
export const applicationStatusAnswerSchema = applicationStatusResponseSchema.extend({
  status: z.string(),
});
export type ApplicationStatusAnswer = z.infer<typeof applicationStatusAnswerSchema>;
