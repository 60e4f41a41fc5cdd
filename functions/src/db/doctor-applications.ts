import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { applicationStatusSchema } from '@shared/doctor-applications/status';
import { conflict } from '../lib/errors';
import { db, tableName } from './client';
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

export const EMAIL_ALREADY_REGISTERED = 'Email already registered';

/**
 * Stores a new application and its email guard in one transaction, so two applications can
 * never share an email address (DESIGN.md §4).
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
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw conflict(EMAIL_ALREADY_REGISTERED);
    }
    throw error;
  }
}
