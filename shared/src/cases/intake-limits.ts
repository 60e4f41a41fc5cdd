/**
 * The symptom text's limit, in a module without schemas: a web form uses it for the field's
 * `maxLength` without loading zod with the page (`intake.ts` re-exports it for everyone else).
 */
export const SYMPTOMS_MAX_LENGTH = 2000;
