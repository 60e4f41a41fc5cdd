import * as z from 'zod';
import { applicationMessages } from '@shared/doctor-applications/submit';
import { applicationStatusSchema } from '@shared/doctor-applications/status';
import { conflict } from '../lib/errors';
import { auditEntryTx } from './audit-log';
import { listEntry, partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, listQuery, queryAll } from './table';
import {
  cancellationReasons,
  newItemTx,
  putTx,
  writeTransaction,
  type TransactItem,
} from './transaction';
import { guardKeys, guardTaken, guardTx } from './unique-guards';

export const DOCTOR_APPLICATION_ENTITY = 'DoctorApplication';
const entity = { tag: DOCTOR_APPLICATION_ENTITY };

export const doctorApplicationKey = (applicationId: string): ItemKey => ({
  pk: partitions.application(applicationId),
  sk: 'APPLICATION',
});

/** The stored doctor application (spec doc 2 §3), as kept in the table. */
export const doctorApplicationRecordSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  medicalLicenseNumber: z.string(),
  licenseState: z.string(),
  specialization: z.string(),
  yearsExperience: z.number().int(),
  hospitalAffiliation: z.string(),
  medicalSchool: z.string(),
  graduationYear: z.number().int(),
  boardCertifications: z.array(z.string()),
  status: applicationStatusSchema,
  applicationDate: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  providerId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).default({}),
  /** Optimistic concurrency: every review bumps it, so two reviews never interleave. */
  version: z.number().int().default(0),
});
export type DoctorApplicationRecord = z.infer<typeof doctorApplicationRecordSchema>;

const parseApplication = (item: Record<string, unknown>) =>
  parseStored(doctorApplicationRecordSchema, entity, item);

/** The stored item: key, place in the `APPLICATIONS` list (newest first), record. */
function applicationItem(record: DoctorApplicationRecord) {
  return {
    ...doctorApplicationKey(record.applicationId),
    ...listEntry('APPLICATIONS', record.applicationDate, record.applicationId),
    entity: DOCTOR_APPLICATION_ENTITY,
    ...record,
  };
}

/** Access pattern: application by application id (status lookup). GetItem, strongly consistent. */
export async function getDoctorApplication(
  applicationId: string,
): Promise<DoctorApplicationRecord | null> {
  const item = await getItem(doctorApplicationKey(applicationId), { consistent: true });
  return item ? parseApplication(item) : null;
}

export const EMAIL_ALREADY_REGISTERED = applicationMessages.emailRegistered;

/**
 * Stores a new application with its email and license guards and its CREATED audit entry in one
 * transaction, so two applications never share an email or a license (DESIGN.md §4).
 */
export async function insertDoctorApplication(record: DoctorApplicationRecord): Promise<void> {
  try {
    await writeTransaction([
      newItemTx(applicationItem(record)),
      guardTx(guardKeys.applicationEmail(record.email), record.applicationId),
      guardTx(guardKeys.applicationLicense(record.medicalLicenseNumber), record.applicationId),
      auditEntryTx({
        action: 'CREATED',
        applicationId: record.applicationId,
        adminId: null,
        previousStatus: null,
        newStatus: record.status,
        notes: '',
        timestamp: record.applicationDate,
      }),
    ]);
  } catch (error) {
    const codes = cancellationReasons(error);
    if (codes?.[1] === 'ConditionalCheckFailed') throw conflict(EMAIL_ALREADY_REGISTERED);
    if (codes?.[2] === 'ConditionalCheckFailed') {
      throw conflict(applicationMessages.licenseRegistered);
    }
    // The generated application id collided (40 bits: rare): the caller may simply retry.
    if (codes?.[0] === 'ConditionalCheckFailed')
      throw conflict('Please submit the application again');
    throw error;
  }
}

/**
 * A reviewed application as a transaction item, conditional on the version the review read:
 * two reviews of the same application apply one after the other, never interleaved.
 */
export function reviewedApplicationTx(
  updated: DoctorApplicationRecord,
  readVersion: number,
): TransactItem {
  return putTx(applicationItem(updated), {
    expression:
      readVersion === 0 ? 'attribute_not_exists(version) OR version = :v' : 'version = :v',
    values: { ':v': readVersion },
  });
}

/** Access pattern: all applications, newest first (gsi1 `APPLICATIONS`). */
export async function listDoctorApplications(): Promise<DoctorApplicationRecord[]> {
  const items = await queryAll(listQuery('APPLICATIONS', { newestFirst: true }));
  return items.map(parseApplication);
}

/** Access pattern: does an application use this email (check-email). */
export async function applicationEmailTaken(email: string): Promise<boolean> {
  return guardTaken(guardKeys.applicationEmail(email));
}
