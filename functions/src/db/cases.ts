import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { caseStatusSchema } from '@shared/cases/status';
import { requestTypeSchema, urgencyLevelSchema } from '@shared/patients/request';
import { db, tableName } from './client';
import { caseListIndexKey, keys } from './keys';

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

/** The stored case. `source` says which intake reading created it (spec doc 1 §2). */
export const caseRecordSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  source: z.enum(['case', 'patient']),
  status: caseStatusSchema,
  requestType: requestTypeSchema,
  triageSummary: z.string(),
  history: z.string(),
  location: z.string(),
  priority: urgencyLevelSchema,
  medicalFiles: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  checkoutSessionId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  claimedBy: z.string().nullable(),
  claimedByName: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type CaseRecord = z.infer<typeof caseRecordSchema>;

export const meetingRecordSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  zoomMeetingId: z.string(),
  patientJoinUrl: z.string(),
  providerJoinUrl: z.string(),
  scheduledFor: z.string(),
  duration: z.number().int(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  status: z.enum(['scheduled', 'active', 'completed', 'cancelled']),
  autoEndTimerId: z.string().nullable(),
  patientLastAccessAt: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type MeetingRecord = z.infer<typeof meetingRecordSchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  provider: z.literal('stripe'),
  status: z.literal('paid'),
  /** Ids and amounts only (DESIGN.md §6: no patient data beyond ids). */
  rawPayload: z.object({
    checkoutSessionId: z.string(),
    paymentIntentId: z.string().nullable(),
    amountTotal: z.number().int(),
    currency: z.string(),
    eventId: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const attachmentRecordSchema = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  doctorApplicationId: z.string().nullable(),
  type: z.string(),
  kind: z.string(),
  filename: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  s3Key: z.string(),
  createdAt: z.string(),
});
export type AttachmentRecord = z.infer<typeof attachmentRecordSchema>;

/** Everything stored under one case (pattern: case partition, one Query). */
export interface CaseBundle {
  case: CaseRecord;
  meeting: MeetingRecord | null;
  payments: PaymentRecord[];
  attachments: AttachmentRecord[];
}

export async function getCaseBundle(caseId: string): Promise<CaseBundle | null> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.casePartition(caseId) },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  const caseItem = items.find((item) => item.sk === 'CASE');
  if (!caseItem) return null;
  const meetingItem = items.find((item) => item.sk === 'MEETING');
  const startsWith = (prefix: string) =>
    items.filter((item) => typeof item.sk === 'string' && item.sk.startsWith(prefix));
  return {
    case: caseRecordSchema.parse(caseItem),
    meeting: meetingItem ? meetingRecordSchema.parse(meetingItem) : null,
    payments: startsWith('PAYMENT#').map((item) => paymentRecordSchema.parse(item)),
    attachments: startsWith('ATTACHMENT#').map((item) => attachmentRecordSchema.parse(item)),
  };
}

/** Creates a patient and its first case in one transaction (issue 3: POST /api/patients). */
export async function insertPatientWithCase(
  patient: PatientRecord,
  caseRecord: CaseRecord,
): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.patient(patient.id), entity: 'Patient', ...patient },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: caseItem(caseRecord),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

export function caseItem(caseRecord: CaseRecord): Record<string, unknown> {
  return {
    ...keys.case(caseRecord.id),
    ...caseListIndexKey(caseRecord.createdAt, caseRecord.id),
    entity: 'Case',
    ...caseRecord,
  };
}

/** Access pattern: patient by id (payment verification, video access). */
export async function getPatient(patientId: string): Promise<PatientRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.patient(patientId), ConsistentRead: true }),
  );
  return Item ? patientRecordSchema.parse(Item) : null;
}

/** Access pattern: recent cases, newest first (gsi1 `CASES`; admin Cases tab). */
export async function listRecentCases(limit = 200): Promise<CaseRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CASES' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => caseRecordSchema.parse(item));
}

/** Access pattern: several patients by id (BatchGet, 100 keys a request). */
export async function getPatients(patientIds: string[]): Promise<Map<string, PatientRecord>> {
  const found = new Map<string, PatientRecord>();
  const unique = [...new Set(patientIds)];
  for (let start = 0; start < unique.length; start += 100) {
    let keysLeft: Record<string, unknown>[] | undefined = unique
      .slice(start, start + 100)
      .map((id) => keys.patient(id) as unknown as Record<string, unknown>);
    while (keysLeft?.length) {
      const result = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keysLeft } } }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) {
        const patient = patientRecordSchema.parse(item);
        found.set(patient.id, patient);
      }
      keysLeft = result.UnprocessedKeys?.[tableName()]?.Keys as
        Record<string, unknown>[] | undefined;
    }
  }
  return found;
}
