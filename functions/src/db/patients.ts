import { createHash } from 'node:crypto';
import * as z from 'zod';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { batchGet, getItem, type StoredItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

export const PATIENT_ENTITY = 'Patient';
const entity = { tag: PATIENT_ENTITY };

export const PATIENT_PREFIX = 'PATIENT#';
export const patientKey = (patientId: string): ItemKey => ({
  pk: `${PATIENT_PREFIX}${patientId}`,
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

/**
 * The patient's copy in their case's partition (issue 12 item 2): the pages that poll by patient
 * id (payment verification every second, video access) read the patient and the case with one
 * Query of that partition. The patient record never changes after intake, so the copy never
 * goes stale.
 */
export const PATIENT_IN_CASE_SK = 'PATIENT';
const patientInCaseKey = (patient: PatientRecord): ItemKey => ({
  pk: partitions.case(patient.caseId),
  sk: PATIENT_IN_CASE_SK,
});

/**
 * The case id of a new patient's case, derived from the patient id (SHA-256, in UUID version 8
 * form), so a request that names only the patient finds the case's partition without reading
 * the patient first. One way only: a case id (which providers and Stripe see) does not give
 * the patient id (which opens the patient's pages).
 */
export function caseIdOfPatient(patientId: string): string {
  const hex = createHash('sha256').update(`telehealth/case-of-patient/${patientId}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** The patient's item and its copy in the case partition, written with the case (intake). */
export function patientTxs(patient: PatientRecord): TransactItem[] {
  const record = { entity: PATIENT_ENTITY, ...patient };
  return [
    newItemTx({ ...patientKey(patient.id), ...record }),
    newItemTx({ ...patientInCaseKey(patient), ...record }),
  ];
}

export const isPatientInCaseItem = (item: StoredItem): boolean =>
  item.sk === PATIENT_IN_CASE_SK && item.entity === PATIENT_ENTITY;

export const parsePatient = (item: StoredItem): PatientRecord =>
  parseStored(patientRecordSchema, entity, item);

/** Access pattern: patient by id (payment verification, video access). */
export async function getPatient(patientId: string): Promise<PatientRecord | null> {
  const item = await getItem(patientKey(patientId), { consistent: true });
  return item ? parsePatient(item) : null;
}

/** Access pattern: several patients by id (BatchGet). */
export async function getPatients(patientIds: string[]): Promise<Map<string, PatientRecord>> {
  const items = await batchGet([...new Set(patientIds)].map(patientKey));
  const patients = items.map(parsePatient);
  return new Map(patients.map((patient) => [patient.id, patient]));
}
