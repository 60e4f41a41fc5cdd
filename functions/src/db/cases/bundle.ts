/**
 * Reads of one case by its id: the whole partition (the case with its meeting, payments,
 * attachments and patient copy) in one Query, or the case item alone.
 */
import { isAttachmentItem, parseAttachment, type AttachmentRecord } from '../attachments';
import { partitions } from '../keys';
import { isMeetingItem, parseMeeting, type MeetingRecord } from '../meetings';
import { isPaymentItem, parsePayment, type PaymentRecord } from '../payments';
import { isPatientInCaseItem, parsePatient, type PatientRecord } from '../patients';
import { getItem, partitionQuery, queryAll, type QuerySpec, type StoredItem } from '../table';
import { caseKey } from './keys';
import { parseCase, type CaseRecord } from './record';

/** Everything stored under one case (pattern: case partition, one Query). */
export interface CaseBundle {
  case: CaseRecord;
  meeting: MeetingRecord | null;
  payments: PaymentRecord[];
  attachments: AttachmentRecord[];
}

/** The Query behind `getCaseBundle` (the status poll's read; the bench's raw baseline sends it). */
export const caseBundleQuery = (caseId: string): QuerySpec =>
  partitionQuery(partitions.case(caseId), { consistent: true });

const readCasePartition = (caseId: string) => queryAll(caseBundleQuery(caseId));

function bundleOf(caseId: string, items: StoredItem[]): CaseBundle | null {
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

export async function getCaseBundle(caseId: string): Promise<CaseBundle | null> {
  return bundleOf(caseId, await readCasePartition(caseId));
}

/**
 * Access pattern: a case with its patient's copy (db/patients.ts), one Query of the case
 * partition. `patient` is null for a case stored before the copy was kept with it.
 */
export async function getCaseBundleWithPatient(
  caseId: string,
): Promise<{ bundle: CaseBundle | null; patient: PatientRecord | null }> {
  const items = await readCasePartition(caseId);
  const patientItem = items.find(isPatientInCaseItem);
  return {
    bundle: bundleOf(caseId, items),
    patient: patientItem ? parsePatient(patientItem) : null,
  };
}

/**
 * Access pattern: one case item alone (GetItem), for the dashboard's search by a whole case id:
 * the case, if a list holds it, is found without reading the list.
 */
export async function getCaseRecord(caseId: string): Promise<CaseRecord | null> {
  const item = await getItem(caseKey(caseId));
  return item ? parseCase(item) : null;
}
