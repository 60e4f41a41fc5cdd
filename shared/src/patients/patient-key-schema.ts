import * as z from 'zod';
import { PATIENT_KEY_PATTERN } from './patient-key';

/** The patient's key in the intake answers (docs/adr/0012). */
export const patientKeySchema = z.string().regex(PATIENT_KEY_PATTERN);
