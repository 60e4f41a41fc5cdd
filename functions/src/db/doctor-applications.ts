import * as z from 'zod';
import type { ApplicationRef } from '@shared/doctor-applications/application-ref';
import { applicationMessages } from '@shared/doctor-applications/application-rules';
import { applicationStatusSchema } from '@shared/doctor-applications/status';
import { conflict, serviceUnavailable } from '../core/errors';
import { countNewApplicationTx } from './application-counters';
import { auditEntryTx } from './audit-log';
import { listEntry, lists, partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import { getItem, listQuery, queryPage, type StoredItem } from './table';
import { newItemTx, putTx, writeConditionalTransaction, type TransactItem } from './transaction';
import { guardKeys, guardOwner, guardTaken, guardTx } from './unique-guards';

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
    ...listEntry(lists.applications, record.applicationDate, record.applicationId),
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
 * Access pattern: an application by either name the admin routes accept (application-ref.ts):
 * the application id (GetItem), or the record `id` of the admin list item (GetItem of its
 * guard, which names the application id, then GetItem). Null when neither is known.
 */
export async function getDoctorApplicationByRef(
  ref: ApplicationRef,
): Promise<DoctorApplicationRecord | null> {
  const applicationId =
    ref.kind === 'applicationId'
      ? ref.applicationId
      : await guardOwner(guardKeys.applicationRecord(ref.id));
  return applicationId ? getDoctorApplication(applicationId) : null;
}

/**
 * Stores a new application with its email, license and record-id guards, its CREATED audit
 * entry and the stat counters in one transaction, so two applications never share an email or
 * a license (DESIGN.md §4) and the counters hold exactly the applications stored. Transactions
 * that meet on the counters are retried (`writeConditionalTransaction`).
 */
export async function insertDoctorApplication(record: DoctorApplicationRecord): Promise<void> {
  const codes = await writeConditionalTransaction([
    newItemTx(applicationItem(record)),
    guardTx(guardKeys.applicationEmail(record.email), record.applicationId),
    guardTx(guardKeys.applicationLicense(record.medicalLicenseNumber), record.applicationId),
    guardTx(guardKeys.applicationRecord(record.id), record.applicationId),
    auditEntryTx({
      action: 'CREATED',
      applicationId: record.applicationId,
      adminId: null,
      previousStatus: null,
      newStatus: record.status,
      notes: '',
      timestamp: record.applicationDate,
    }),
    ...countNewApplicationTx(record.status, record.applicationDate),
  ]);
  if (!codes) return;
  if (codes[1] === 'ConditionalCheckFailed') throw conflict(EMAIL_ALREADY_REGISTERED);
  if (codes[2] === 'ConditionalCheckFailed') throw conflict(applicationMessages.licenseRegistered);
  // A generated id collided (40 bits for the application id: rare): the caller may retry.
  if (codes[0] === 'ConditionalCheckFailed' || codes[3] === 'ConditionalCheckFailed')
    throw conflict('Please submit the application again');
  // Still meeting other writes on the counters after the retries: busy, not the client's fault.
  throw serviceUnavailable('Too many applications at once. Please submit the application again');
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

/** One page of applications: the ones kept and where the next page starts (null at the end). */
export interface ApplicationPage {
  applications: DoctorApplicationRecord[];
  /** The `gsi1` sort key the next page starts after. */
  lastSortKey: string | null;
}

/** Items read from the index per request while a page fills. */
const APPLICATION_READ_CHUNK = 100;

/**
 * Access pattern: one page of the applications `keep` accepts, newest first (gsi1
 * `APPLICATIONS`, after `afterSortKey`, a sort key this function returned). The admin's search
 * is a case-insensitive substring, which no key condition can express, so the filter runs on
 * the items read; a request reads at most `maxRead` items, and a page cut short by that still
 * carries the position reached, so the next page reads on from there.
 */
export async function listDoctorApplicationPage(options: {
  limit: number;
  afterSortKey?: string;
  keep: (record: DoctorApplicationRecord) => boolean;
  maxRead: number;
}): Promise<ApplicationPage> {
  const spec = listQuery(lists.applications, { newestFirst: true });
  const applications: DoctorApplicationRecord[] = [];
  let startKey = options.afterSortKey ? applicationStartKey(options.afterSortKey) : undefined;
  let read = 0;
  for (;;) {
    // The first request reads what an unfiltered page needs; later ones read on in chunks.
    const chunk = read === 0 ? options.limit + 1 : APPLICATION_READ_CHUNK;
    const { items, more } = await queryPage(
      spec,
      Math.min(chunk, options.maxRead - read),
      startKey,
    );
    for (const item of items) {
      read += 1;
      const record = parseApplication(item);
      if (!options.keep(record)) continue;
      // One match more than the page: a next page exists, and starts after the last shown.
      if (applications.length === options.limit) {
        return { applications, lastSortKey: listEntryOf(applications.at(-1)!).gsi1sk };
      }
      applications.push(record);
    }
    const last = items.at(-1);
    if (!more || !last) return { applications, lastSortKey: null };
    if (read >= options.maxRead) {
      return { applications, lastSortKey: listEntryOf(parseApplication(last)).gsi1sk };
    }
    startKey = applicationStartKey(listEntryOf(parseApplication(last)).gsi1sk);
  }
}

const listEntryOf = (record: DoctorApplicationRecord) =>
  listEntry(lists.applications, record.applicationDate, record.applicationId);

/** The index start key of the item with this `APPLICATIONS` sort key (`{date}#{applicationId}`). */
function applicationStartKey(sortKey: string): StoredItem {
  const applicationId = sortKey.slice(sortKey.lastIndexOf('#') + 1);
  return { ...doctorApplicationKey(applicationId), gsi1pk: lists.applications, gsi1sk: sortKey };
}

/** Access pattern: does an application use this email (check-email). */
export async function applicationEmailTaken(email: string): Promise<boolean> {
  return guardTaken(guardKeys.applicationEmail(email));
}
