import { bulkPut, writeConditionalTransaction } from '#db/transaction';
import { caseTx, insertPatientWithCase } from '#db/cases/create';
import { casePaidTxs } from '#db/cases/payment';
import type { CaseRecord } from '#db/cases/record';
import { patientTxs } from '#db/patients';
import { newPatientAndCase } from '#features/cases/new-case';
import { markCasePaid } from '#features/cases/transitions';
import { waitPromiseEndsAt } from '#features/cases/wait-promise-schedule';
import { authorizedCheckout } from '#testing/payment-evidence';

/**
 * Bench fixtures, written straight into the table (through the entity modules and the case
 * transitions, in this process), not through the API: seeding thousands of cases over HTTP
 * would take longer than the measurement and load the gateway before it is measured.
 */
export interface SeededCase {
  caseId: string;
  patientId: string;
  /** The patient's key the intake returned (docs/adr/0012): the case socket's ticket needs it. */
  patientKey: string;
}

function newBenchCase(index: number) {
  return newPatientAndCase({
    source: 'case',
    name: `Bench Patient ${index}`,
    email: `bench${index}@example.org`,
    phone: null,
    contactInfo: `bench${index}@example.org`,
    requestType: 'telemedicine',
    triageSummary: `Bench case ${index}: mild headache`,
    history: '',
    location: '',
    medicalFiles: [],
    metadata: {},
  });
}

/** A case-flow intake (reading A); paid through the real transition (the Stripe evidence is a fixture). */
export async function seedCase(index: number, { paid }: { paid: boolean }): Promise<SeededCase> {
  const { patient, caseRecord, patientKey } = newBenchCase(index);
  await insertPatientWithCase(patient, caseRecord);
  if (paid) await payCase(caseRecord, index);
  return { caseId: caseRecord.id, patientId: patient.id, patientKey };
}

async function payCase(caseRecord: CaseRecord, index: number): Promise<void> {
  const outcome = await markCasePaid(
    caseRecord,
    authorizedCheckout(caseRecord.id, `cs_bench_${index}`),
  );
  if (outcome.outcome !== 'paid') throw new Error(`seed case ${index}: ${outcome.outcome}`);
}

/**
 * Marks a case `seedWaitingCases` stored as paid through the entity's paid transition
 * (`casePaidTxs`: its queue entry and waiting count), without the rest of a payment (Payment,
 * Meeting, schedules): the dashboards' bench (case-list.ts) queues thousands, which
 * `markCasePaid` and the local Scheduler's schedule file would take minutes to store. A retry
 * of a write that had landed finds the case paid already, which is what was asked.
 */
export async function payWaitingCase(caseId: string, paidAt: Date): Promise<void> {
  const codes = await retryingTimeouts(() =>
    writeConditionalTransaction(
      casePaidTxs(caseId, {
        paidAt: paidAt.toISOString(),
        number: 1,
        waitPromiseEndsAt: waitPromiseEndsAt(new Date()).toISOString(),
      }),
    ),
  );
  if (codes && codes[0] !== 'ConditionalCheckFailed') {
    throw new Error(`seed case ${caseId}: ${codes.join(',')}`);
  }
}

/**
 * `count` patients with their cases awaiting payment, as the intake leaves them, written in
 * bulk (`bulkPut`): the items are the ones `insertPatientWithCase` writes, in batch writes of
 * DynamoDB's 25 items. Paying them through `markCasePaid` (a transaction each, plus the counter and the
 * expiry schedule) would take minutes for 10,000 on DynamoDB Local.
 */
export async function seedWaitingCases(count: number): Promise<SeededCase[]> {
  const seeded: SeededCase[] = [];
  const PATIENTS_PER_REQUEST = 8; // three items each: 24 of a batch write's 25
  const CONCURRENT_REQUESTS = 8;
  await inBatches(Math.ceil(count / PATIENTS_PER_REQUEST), CONCURRENT_REQUESTS, async (batch) => {
    const from = batch * PATIENTS_PER_REQUEST;
    const cases = Array.from({ length: Math.min(PATIENTS_PER_REQUEST, count - from) }, (_, i) =>
      newBenchCase(from + i),
    );
    await retryingTimeouts(() =>
      bulkPut(
        cases.flatMap(({ patient, caseRecord }) => [...patientTxs(patient), caseTx(caseRecord)]),
      ),
    );
    seeded.push(
      ...cases.map(({ patient, caseRecord, patientKey }) => ({
        caseId: caseRecord.id,
        patientId: patient.id,
        patientKey,
      })),
    );
  });
  return seeded;
}

/**
 * A fixture write sent again when DynamoDB Local answered too late (the SDK's 2 s request
 * timeout, seen while other work loads this shared machine): the bulk puts write the same items
 * again, and the paid transition is conditional (a retry of one that landed is refused, which
 * `payWaitingCase` accepts).
 */
export async function retryingTimeouts<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || (error as { name?: unknown }).name !== 'TimeoutError') throw error;
    }
  }
}

/** `count` results of `make`, `batch` at a time (DynamoDB Local takes a few dozen writes at once). */
export async function inBatches<T>(
  count: number,
  batch: number,
  make: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, i) => make(start + i)))));
  }
  return results;
}
