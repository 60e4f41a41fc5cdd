/** A new case, written with its patient in the intake's one transaction. */
import { patientTxs, type PatientRecord } from '../patients';
import { newItemTx, writeTransaction, type TransactItem } from '../transaction';
import { caseKey, caseListEntry } from './keys';
import { CASE_ENTITY, type CaseRecord } from './record';

/** The new case item, in the gsi1 list of all cases; fails if the id exists. */
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
  await writeTransaction([...patientTxs(patient), caseTx(caseRecord)]);
}
