import * as z from 'zod';
import { caseStatusSchema } from '@shared/cases/status';
import { requestTypeSchema, urgencyLevelSchema } from '@shared/patients/request';
import { isAttachmentItem, parseAttachment, type AttachmentRecord } from './attachments';
import { listEntry, partitions, type ItemKey } from './keys';
import { isMeetingItem, parseMeeting, type MeetingRecord } from './meetings';
import { isPaymentItem, parsePayment, type PaymentRecord } from './payments';
import { patientTx, type PatientRecord } from './patients';
import { parseStored } from './records';
import {
  IF_EXISTS,
  listQuery,
  partitionQuery,
  queryAll,
  queryFirst,
  updateItem,
  type StoredItem,
} from './table';
import { newItemTx, updateTx, writeTransaction, type TransactItem } from './transaction';

export const CASE_ENTITY = 'Case';
const entity = { tag: CASE_ENTITY };

/** A case and everything that belongs to it share one partition: one Query reads it all. */
export const caseKey = (caseId: string): ItemKey => ({ pk: partitions.case(caseId), sk: 'CASE' });

/** The case's place in the `gsi1` list of all cases (admin cases, provider dashboard). */
export const caseListEntry = (caseRecord: Pick<CaseRecord, 'id' | 'createdAt'>) =>
  listEntry('CASES', caseRecord.createdAt, caseRecord.id);

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

const parseCase = (item: StoredItem): CaseRecord => parseStored(caseRecordSchema, entity, item);

/** Everything stored under one case (pattern: case partition, one Query). */
export interface CaseBundle {
  case: CaseRecord;
  meeting: MeetingRecord | null;
  payments: PaymentRecord[];
  attachments: AttachmentRecord[];
}

export async function getCaseBundle(caseId: string): Promise<CaseBundle | null> {
  const items = await queryAll(partitionQuery(partitions.case(caseId), { consistent: true }));
  const caseItem = items.find((item) => item.sk === caseKey(caseId).sk);
  if (!caseItem) return null;
  const meetingItem = items.find(isMeetingItem);
  return {
    case: parseCase(caseItem),
    meeting: meetingItem ? parseMeeting(meetingItem) : null,
    payments: items.filter(isPaymentItem).map(parsePayment),
    attachments: items.filter(isAttachmentItem).map(parseAttachment),
  };
}

export function caseTx(caseRecord: CaseRecord): TransactItem {
  return newItemTx({
    ...caseKey(caseRecord.id),
    ...caseListEntry(caseRecord),
    entity: CASE_ENTITY,
    ...caseRecord,
  });
}

/** Creates a patient and its case in one transaction (both intake readings). */
export async function insertPatientWithCase(
  patient: PatientRecord,
  caseRecord: CaseRecord,
): Promise<void> {
  await writeTransaction([patientTx(patient), caseTx(caseRecord)]);
}

/**
 * The case's move awaiting_payment → paid, as a transaction item: it fails unless the case
 * still awaits payment, so two deliveries can never both mark it paid.
 */
export function casePaidTx(caseId: string, paidAt: string): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET #status = :paid, paidAt = :paidAt',
    ConditionExpression: '#status = :awaiting',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':awaiting': 'awaiting_payment',
      ':paidAt': paidAt,
    },
  });
}

/** Access pattern: remember the case's latest Checkout Session. */
export async function recordCheckoutSession(caseId: string, sessionId: string): Promise<void> {
  await updateItem(caseKey(caseId), {
    UpdateExpression: 'SET checkoutSessionId = :session',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':session': sessionId },
  });
}

/** Access pattern: recent cases, newest first (gsi1 `CASES`; admin Cases tab). */
export async function listRecentCases(limit = 200): Promise<CaseRecord[]> {
  const items = await queryFirst(listQuery('CASES', { newestFirst: true }), limit);
  return items.map(parseCase);
}
