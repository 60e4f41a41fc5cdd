import * as z from 'zod';
import { patientKeySchema } from './patient-key-schema';
import { SYMPTOMS_MAX_LENGTH } from '../cases/intake-limits';
import { requestTypeSchema, urgencyLevelSchema } from './request-kinds';
import type { RequestType } from './request-types';

export { requestTypeLabels, requestTypes, type RequestType } from './request-types';
export {
  requestTypeSchema,
  urgencyLevels,
  urgencyLevelSchema,
  type UrgencyLevel,
} from './request-kinds';

export const patientRequestMessages = {
  nameRequired: 'Name is required',
  contactRequired: 'Please enter an email address or phone number',
  symptomsRequired: 'Please describe your symptoms',
  symptomsTooLong: 'Please keep the description under 2000 characters',
  addressRequired: 'Please enter your home address for the nurse visit',
} as const;

/** Reading B of the request screen (spec doc 1 §3, §5): the patient flow. */
export const patientRequestSchema = z
  .object({
    name: z
      .string({ error: patientRequestMessages.nameRequired })
      .trim()
      .min(1, { error: patientRequestMessages.nameRequired })
      .max(200),
    contactInfo: z
      .string({ error: patientRequestMessages.contactRequired })
      .trim()
      .min(1, { error: patientRequestMessages.contactRequired })
      .max(254),
    symptoms: z
      .string({ error: patientRequestMessages.symptomsRequired })
      .trim()
      .min(1, { error: patientRequestMessages.symptomsRequired })
      .max(SYMPTOMS_MAX_LENGTH, { error: patientRequestMessages.symptomsTooLong }),
    history: z.string().trim().max(SYMPTOMS_MAX_LENGTH).default(''),
    requestType: requestTypeSchema,
    location: z.string().trim().max(500).default(''),
    /** Labels of the attached files, `timestamp-filename` (spec doc 1 §3). */
    medicalFiles: z.array(z.string().max(300)).max(20).default([]),
    metadata: z
      .object({
        urgencyLevel: urgencyLevelSchema.optional(),
        confidence: z.number().min(0).max(1).optional(),
        matchedKeywords: z.array(z.string().max(100)).max(50).optional(),
        selectedTriageImages: z.array(z.string().max(100)).max(20).optional(),
        analysisTimestamp: z.iso.datetime().optional(),
      })
      .optional(),
  })
  .refine((value) => value.requestType !== 'nurse-visit' || value.location.length > 0, {
    error: patientRequestMessages.addressRequired,
    path: ['location'],
  });
export type PatientRequest = z.infer<typeof patientRequestSchema>;

/** `POST /api/patients` answer: the spec's `success, patientId`, plus the case it opened. */
export const createPatientResponseSchema = z.object({
  success: z.literal(true),
  patientId: z.uuid(),
  caseId: z.uuid(),
  /** Not in the spec's answer: the patient's capability, returned this once (docs/adr/0012). */
  patientKey: patientKeySchema,
});
export type CreatePatientResponse = z.infer<typeof createPatientResponseSchema>;

/** Saved in session storage before the payment redirect (spec doc 1 §3). */
export interface PatientSessionNote {
  patientId: string;
  patientName: string;
  requestType: RequestType;
  timestamp: string;
}
