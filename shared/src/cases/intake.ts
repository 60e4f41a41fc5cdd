import * as z from 'zod';
import { patientKeySchema } from '../patients/patient-key-schema';
import { SYMPTOMS_MAX_LENGTH } from './intake-limits';

/** Reading A of the request screen (spec doc 1 §5): the case flow. */
export const caseIntakeMessages = {
  nameRequired: 'Name is required',
  symptomsRequired: 'Please describe your symptoms',
  invalidEmail: 'Please enter a valid email address',
  contactRequired: 'Either phone or email is required',
  symptomsTooLong: 'Please keep the description under 2000 characters',
} as const;

export { SYMPTOMS_MAX_LENGTH };

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const caseIntakeSchema = z
  .object({
    name: z
      .string({ error: caseIntakeMessages.nameRequired })
      .trim()
      .min(1, { error: caseIntakeMessages.nameRequired })
      .max(200, { error: 'Name is too long' }),
    triageSummary: z
      .string({ error: caseIntakeMessages.symptomsRequired })
      .trim()
      .min(1, { error: caseIntakeMessages.symptomsRequired })
      .max(SYMPTOMS_MAX_LENGTH, { error: caseIntakeMessages.symptomsTooLong }),
    email: optionalText(254).pipe(z.email({ error: caseIntakeMessages.invalidEmail }).optional()),
    phone: optionalText(40),
  })
  .refine((value) => Boolean(value.email || value.phone), {
    error: caseIntakeMessages.contactRequired,
    path: ['phone'],
  });
export type CaseIntake = z.infer<typeof caseIntakeSchema>;

/** `POST /api/cases` answer. */
/**
 * `patientKey` is not in the spec's answer: the patient's capability, returned this once
 * (patients/patient-key.ts, docs/adr/0012).
 */
export const createCaseResponseSchema = z.object({
  caseId: z.uuid(),
  patientKey: patientKeySchema,
});
export type CreateCaseResponse = z.infer<typeof createCaseResponseSchema>;
