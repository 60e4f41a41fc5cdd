import * as z from 'zod';
import { type ItemKey } from './keys';
import { parseStored } from './records';
import { batchGet, getItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

export const PATIENT_ENTITY = 'Patient';
const entity = { tag: PATIENT_ENTITY };

export const patientKey = (patientId: string): ItemKey => ({
  pk: `PATIENT#${patientId}`,
  sk: 'PATIENT',
});

/** The stored patient (spec doc 1 §3): who asked, and how to reach them. */
export const patientRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contactInfo: z.string(),
  caseId: z.string(),
  createdAt: z.string(),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

export function patientTx(patient: PatientRecord): TransactItem {
  return newItemTx({ ...patientKey(patient.id), entity: PATIENT_ENTITY, ...patient });
}

/** Access pattern: patient by id (payment verification, video access). */
export async function getPatient(patientId: string): Promise<PatientRecord | null> {
  const item = await getItem(patientKey(patientId), { consistent: true });
  return item ? parseStored(patientRecordSchema, entity, item) : null;
}

/** Access pattern: several patients by id (BatchGet). */
export async function getPatients(patientIds: string[]): Promise<Map<string, PatientRecord>> {
  const items = await batchGet([...new Set(patientIds)].map(patientKey));
  const patients = items.map((item) => parseStored(patientRecordSchema, entity, item));
  return new Map(patients.map((patient) => [patient.id, patient]));
}
