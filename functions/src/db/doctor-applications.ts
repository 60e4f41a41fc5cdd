import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { applicationMessages } from '@shared/doctor-applications/submit';
import { applicationStatusSchema } from '@shared/doctor-applications/status';
import { conflict } from '../lib/errors';
import { db, tableName } from './client';
import { auditEntryPut } from './audit-log';
import { applicationListIndexKey, keys } from './keys';

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

/** Access pattern: application by application id (status lookup). GetItem, strongly consistent. */
export async function getDoctorApplication(
  applicationId: string,
): Promise<DoctorApplicationRecord | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.doctorApplication(applicationId),
      ConsistentRead: true,
    }),
  );
  return Item ? doctorApplicationRecordSchema.parse(Item) : null;
}

export const EMAIL_ALREADY_REGISTERED = applicationMessages.emailRegistered;

/**
 * Stores a new application with its email and license guards and its CREATED audit entry in one
 * transaction, so two applications never share an email or a license (DESIGN.md §4).
 */
export async function insertDoctorApplication(record: DoctorApplicationRecord): Promise<void> {
  const guard = keys.applicationEmailGuard(record.email);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.doctorApplication(record.applicationId),
                ...applicationListIndexKey(record.applicationDate, record.applicationId),
                entity: 'DoctorApplication',
                ...record,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...guard, entity: 'UniqueGuard', owner: record.applicationId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.applicationLicenseGuard(record.medicalLicenseNumber),
                entity: 'UniqueGuard',
                owner: record.applicationId,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          auditEntryPut({
            action: 'CREATED',
            applicationId: record.applicationId,
            adminId: null,
            previousStatus: null,
            newStatus: record.status,
            notes: '',
            timestamp: record.applicationDate,
          }),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      if (codes[1] === 'ConditionalCheckFailed') throw conflict(EMAIL_ALREADY_REGISTERED);
      if (codes[2] === 'ConditionalCheckFailed') {
        throw conflict(applicationMessages.licenseRegistered);
      }
      // The generated application id collided (40 bits: rare): the caller may simply retry.
      if (codes[0] === 'ConditionalCheckFailed')
        throw conflict('Please submit the application again');
    }
    throw error;
  }
}

/** Access pattern: all applications, newest first (gsi1 `APPLICATIONS`). */
export async function listDoctorApplications(): Promise<DoctorApplicationRecord[]> {
  const records: DoctorApplicationRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'APPLICATIONS' },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    records.push(...(page.Items ?? []).map((item) => doctorApplicationRecordSchema.parse(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return records;
}

/** Access pattern: does an application use this email (check-email). */
export async function applicationEmailTaken(email: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.applicationEmailGuard(email) }),
  );
  return Item !== undefined;
}
