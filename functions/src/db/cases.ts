import * as z from 'zod';
import { caseFeedbackSchema, type CaseFeedback } from '@shared/cases/case-feedback';
import { callOutcomeSchema } from '@shared/cases/no-show';
import { nurseVisitOutcomeSchema, type NurseVisitOutcome } from '@shared/cases/nurse-visit';
import { caseStatusSchema } from '@shared/cases/status';
import { waitEstimateSchema, type WaitEstimate } from '@shared/cases/wait-estimate';
import { requestTypeSchema, urgencyLevelSchema } from '@shared/patients/request-kinds';
import { isAttachmentItem, parseAttachment, type AttachmentRecord } from './attachments';
import { listEntry, partitions, type ItemKey, type ListName } from './keys';
import { isMeetingItem, parseMeeting, type MeetingRecord } from './meetings';
import { isPaymentItem, parsePayment, type PaymentRecord } from './payments';
import { isPatientInCaseItem, parsePatient, patientTxs, type PatientRecord } from './patients';
import { parseStored } from './records';
import {
  countQuery,
  getItem,
  IF_EXISTS,
  conditionalUpdate,
  partitionQuery,
  queryAll,
  queryPage,
  type QuerySpec,
  type StoredItem,
} from './table';
import { claimLeaseEndedTx, claimLeaseTx } from './claim-leases';
import {
  newItemTx,
  updateTx,
  writeConditionalTransaction,
  writeTransaction,
  type TransactItem,
} from './transaction';
import { waitingCountTx } from './waiting-counter';

export const CASE_ENTITY = 'Case';
const entity = { tag: CASE_ENTITY };

/** A case and everything that belongs to it share one partition: one Query reads it all. */
export const caseKey = (caseId: string): ItemKey => ({ pk: partitions.case(caseId), sk: 'CASE' });

/** The case's place in the `gsi1` list of all cases (admin cases, provider dashboard). */
export const caseListEntry = (caseRecord: Pick<CaseRecord, 'id' | 'createdAt'>) =>
  listEntry('CASES', caseRecord.createdAt, caseRecord.id);

/**
 * The provider dashboard's sparse indexes (docs/access-patterns.md). A case enters them when it
 * is paid or claimed and leaves them when it no longer belongs there, so no list reads items it
 * then throws away:
 * - gsi2 `CASE_QUEUE`: cases waiting for a provider, i.e. paid, plus claimed ones whose meeting
 *   has not started (their lease may lapse, and then they read as available). Small and hot.
 * - gsi3 `PROVIDER_CASES#{providerId}`: the provider's own cases, `ACTIVE#…` then `DONE#…`.
 * - gsi4 `PAID_CASES`: every case that was paid (the All list and the Total counter).
 */
export const CASE_QUEUE = 'CASE_QUEUE';
export const PAID_CASES = 'PAID_CASES';
export type ProviderCaseStage = 'ACTIVE' | 'DONE';
const providerCasesPartition = (providerId: string) => `PROVIDER_CASES#${providerId}`;

const queueEntry = (paidAt: string, caseId: string) => ({
  gsi2pk: CASE_QUEUE,
  gsi2sk: `${paidAt}#${caseId}`,
});
const paidCasesEntry = (paidAt: string, caseId: string) => ({
  gsi4pk: PAID_CASES,
  gsi4sk: `${paidAt}#${caseId}`,
});
const providerCasesEntry = (
  providerId: string,
  stage: ProviderCaseStage,
  claimedAt: string,
  caseId: string,
) => ({
  gsi3pk: providerCasesPartition(providerId),
  gsi3sk: `${stage}#${claimedAt}#${caseId}`,
});

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
  /** While claimed and the meeting has not started: when the claim lease ends (DESIGN.md §5). */
  leaseEndsAt: z.string().nullable().default(null),
  /** The provider whose claim lapsed and was released, until the case is claimed again. */
  lapsedClaimBy: z.string().nullable().default(null),
  /** When that lapsed claim's lease ended: its provider's re-claim cool-down starts there. */
  lapsedAt: z.string().nullable().default(null),
  /** Once the meeting started: when it ends by itself (DESIGN.md §7), as on the meeting. */
  endsAt: z.string().nullable().default(null),
  /** When a paid case nobody started expired (DESIGN.md §5; its refund is on the Payment). */
  expiredAt: z.string().nullable().default(null),
  /**
   * A copy of the patient's Feedback (db/feedback.ts), written in the same transaction, so the
   * admin case list shows it without reading every case's partition.
   */
  feedback: caseFeedbackSchema.nullable().default(null),
  /**
   * SHA-256 of the patient's key (lib/auth/patient-key.ts, docs/adr/0012): the patient's own
   * answers and actions need the key. Null on a case stored before keys existed: nobody holds it.
   */
  patientKeyHash: z.string().nullable().default(null),
  /**
   * When a patient page of the case last connected or closed its case socket (issue 27: the
   * claiming doctor sees 'Patient last seen …'); `db/case-presence.ts` writes it.
   */
  patientSeenAt: z.string().nullable().default(null),
  /** Whether a patient page of the case had its case socket open at `patientSeenAt`. */
  patientPresent: z.boolean().default(false),
  /** A home nurse visit (docs/adr/0022): the time the nurse arranged with the patient. */
  visitScheduledFor: z.string().nullable().default(null),
  /** A home nurse visit's end: done (completed) or the patient not reached (cancelled). */
  visitOutcome: nurseVisitOutcomeSchema.nullable().default(null),
  /**
   * The last time each party's room page entered the call's room (`meetings/join-room`, issue 27
   * item 2, docs/adr/0023); features/cases/call-joins.ts says whether that joined the call.
   */
  patientJoinedAt: z.string().nullable().default(null),
  providerJoinedAt: z.string().nullable().default(null),
  /** A video call that did not happen (docs/adr/0023): who never joined it. */
  callOutcome: callOutcomeSchema.nullable().default(null),
  /**
   * How many times Stripe authorized this case's fee (issue 28, docs/adr/0025): 1 after the
   * payment, one more for each "Keep waiting" after a lapsed wait promise. It numbers the wait
   * promise's schedule, so a late run of an earlier promise never lapses a newer authorization.
   */
  authorizations: z.number().int().nonnegative().default(0),
  /** While paid: when the wait promise of the current authorization ends (docs/adr/0025). */
  waitPromiseEndsAt: z.string().nullable().default(null),
  /** Back to awaiting payment because no doctor started it within the wait promise. */
  waitPromiseLapsedAt: z.string().nullable().default(null),
  /**
   * The wait estimate the patient was shown when the case was paid (issue 28 item 5), judged
   * against the real start when the call starts; null before payment or with nobody on duty.
   */
  waitEstimateAtPayment: waitEstimateSchema.nullable().default(null),
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

/** One authorization of a case's fee as `casePaidTx` records it (docs/adr/0025). */
export interface CaseAuthorization {
  /** The queue's order: the first payment's time, kept by a "Keep waiting" re-authorization. */
  paidAt: string;
  /** This authorization's number (1 for the payment); the case must still hold `number - 1`. */
  number: number;
  /** paid time + WAIT_PROMISE_MINUTES of this authorization. */
  waitPromiseEndsAt: string;
}

/**
 * The case's move awaiting_payment → paid, as transaction items (the case's first, then the
 * waiting counter's +1: db/waiting-counter.ts): it fails unless the case still awaits payment
 * with the authorization count it was read with, so two deliveries can never both mark it paid,
 * nor two re-authorizations after a lapsed wait promise.
 */
export function casePaidTxs(caseId: string, authorization: CaseAuthorization): TransactItem[] {
  return [casePaidUpdateTx(caseId, authorization), waitingCountTx(caseId, 1)];
}

function casePaidUpdateTx(caseId: string, authorization: CaseAuthorization): TransactItem {
  const { paidAt } = authorization;
  const queue = queueEntry(paidAt, caseId);
  const paidList = paidCasesEntry(paidAt, caseId);
  const previous = authorization.number - 1;
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :paid, paidAt = :paidAt, gsi2pk = :queue, gsi2sk = :queueSk, ' +
      'gsi4pk = :paidList, gsi4sk = :paidListSk, authorizations = :number, ' +
      'waitPromiseEndsAt = :endsAt, waitPromiseLapsedAt = :none',
    ConditionExpression:
      '#status = :awaiting AND ' +
      (previous === 0
        ? '(attribute_not_exists(authorizations) OR authorizations = :previous)'
        : 'authorizations = :previous'),
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':awaiting': 'awaiting_payment',
      ':paidAt': paidAt,
      ':queue': queue.gsi2pk,
      ':queueSk': queue.gsi2sk,
      ':paidList': paidList.gsi4pk,
      ':paidListSk': paidList.gsi4sk,
      ':number': authorization.number,
      ':previous': previous,
      ':endsAt': authorization.waitPromiseEndsAt,
      ':none': null,
    },
  });
}

/**
 * Access pattern: a wait promise lapsed (docs/adr/0025), once: the case goes back to awaiting
 * payment when it still holds authorization `number`, its promise ended at or before `now`,
 * and no doctor started it: paid, or a claimed video consultation (its claim cleared; a claimed
 * home nurse visit is arranged by its nurse and exempt, docs/adr/0022). It leaves the queue
 * (gsi2) and the claimer's list (gsi3); it stays in the paid-cases list (gsi4), which lists
 * every case ever paid. A paid case leaves the waiting counter, a claimed one its lease
 * (`fromQueue`). False when the condition failed (started, closed, re-authorized, done).
 */
export async function lapseWaitPromiseItem(
  caseId: string,
  number: number,
  now: string,
): Promise<boolean> {
  const lapse = (from: QueuedStatus) =>
    updateTx(caseKey(caseId), {
      UpdateExpression:
        'SET #status = :awaiting, waitPromiseLapsedAt = :now, claimedBy = :none, ' +
        'claimedByName = :none, claimedAt = :none, leaseEndsAt = :none, lapsedClaimBy = :none, ' +
        'lapsedAt = :none REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk',
      ConditionExpression: `authorizations = :number AND waitPromiseEndsAt <= :now AND ${queuedAs[from]}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':awaiting': 'awaiting_payment',
        ...queuedValues[from],
        ':number': number,
        ':now': now,
        ':none': null,
      },
    });
  return fromQueue(caseId, lapse);
}

/**
 * The two stored statuses a case leaves the queue from when nobody started it (a lapsed wait
 * promise, an expiry): paid (the waiting counter's -1), or a claimed video consultation (a
 * claimed home nurse visit is arranged by its nurse and exempt, docs/adr/0022; its lease item
 * goes: db/claim-leases.ts).
 */
type QueuedStatus = 'paid' | 'claimed';
const queuedAs: Record<QueuedStatus, string> = {
  paid: '#status = :paid',
  claimed: '#status = :claimed AND requestType = :telemedicine',
};
const queuedValues: Record<QueuedStatus, Record<string, string>> = {
  paid: { ':paid': 'paid' },
  claimed: { ':claimed': 'claimed', ':telemedicine': 'telemedicine' },
};

/**
 * Writes the case's move out of the queue from whichever stored status it holds (`leave(from)`:
 * its update, conditional on that status), with that status's counter or lease item in the same
 * transaction. Each try is conditional, so the move happens at most once; a second round covers a
 * case that changed status between the two tries (a release between them). False when no
 * condition held.
 */
async function fromQueue(
  caseId: string,
  leave: (from: QueuedStatus) => TransactItem,
): Promise<boolean> {
  const tries: Record<QueuedStatus, TransactItem[]> = {
    paid: [leave('paid'), waitingCountTx(caseId, -1)],
    claimed: [leave('claimed'), claimLeaseEndedTx(caseId)],
  };
  for (let round = 0; round < 2; round += 1) {
    for (const items of Object.values(tries)) {
      if (await writtenUnlessCaseCondition(items)) return true;
    }
  }
  return false;
}

/**
 * Sends a transaction whose first item is the case's conditional update: true when written,
 * false when that condition failed; any other cancellation is an error.
 */
async function writtenUnlessCaseCondition(items: TransactItem[]): Promise<boolean> {
  const codes = await writeConditionalTransaction(items);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`The case's transaction was cancelled: ${codes.join(',')}`);
}

/**
 * A provider's hold on a case (DESIGN.md §5: a lease). A home nurse visit's claim has no lease
 * (`leaseEndsAt` null, docs/adr/0022): the nurse keeps it until the visit is done or not reached.
 */
export interface CaseClaim {
  providerId: string;
  providerName: string;
  claimedAt: string;
  leaseEndsAt: string | null;
}

/**
 * Access pattern: claim a case, as transaction items, the case's first (the claim writes the
 * provider's claim slot with them, db/claim-slots.ts). `from` is the case as read: `paid`, or
 * `lapsed`, a claim whose lease ended before `now` (available again). The write succeeds only
 * while the case still is what `from` says, so two providers can never both win, and the
 * waiting counter changes only when a paid case is taken (-1; db/waiting-counter.ts). A video
 * consultation stays in the queue index until its meeting starts, because its lease may lapse;
 * its lease item (db/claim-leases.ts) is written, or moved to the new lease end.
 */
export function claimCaseTxs(
  caseId: string,
  from: 'paid' | 'lapsed',
  claim: CaseClaim,
  now: Date,
): TransactItem[] {
  const own = providerCasesEntry(claim.providerId, 'ACTIVE', claim.claimedAt, caseId);
  // A claim without a lease (a nurse visit) can never read as available again: it leaves the
  // queue at once, as a started call does.
  const leavesQueue = claim.leaseEndsAt === null ? ' REMOVE gsi2pk, gsi2sk' : '';
  const caseClaimed = updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :claimed, claimedBy = :by, claimedByName = :name, claimedAt = :at, ' +
      'leaseEndsAt = :leaseEndsAt, lapsedClaimBy = :none, lapsedAt = :none, ' +
      'callOutcome = :none, gsi3pk = :own, gsi3sk = :ownSk' +
      leavesQueue,
    ConditionExpression:
      from === 'paid' ? '#status = :paid' : '#status = :claimed AND leaseEndsAt <= :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':claimed': 'claimed',
      ':by': claim.providerId,
      ':name': claim.providerName,
      ':at': claim.claimedAt,
      ':leaseEndsAt': claim.leaseEndsAt,
      ':none': null,
      ':own': own.gsi3pk,
      ':ownSk': own.gsi3sk,
      ...(from === 'paid' ? { ':paid': 'paid' } : { ':now': now.toISOString() }),
    },
  });
  return [
    caseClaimed,
    ...(from === 'paid' ? [waitingCountTx(caseId, -1)] : []),
    ...(claim.leaseEndsAt === null ? [] : [claimLeaseTx(caseId, claim.leaseEndsAt)]),
  ];
}

/**
 * Access pattern: release a lapsed claim, once. Only the same claim (provider and time) whose
 * lease has ended goes back to paid, so a late or repeated release never undoes a newer claim;
 * in the same transaction the case counts as waiting again and its lease item goes.
 * Returns false when there was nothing to release.
 */
export async function releaseClaimItem(
  caseId: string,
  claim: Pick<CaseClaim, 'providerId' | 'claimedAt'>,
  now: Date,
): Promise<boolean> {
  const released = updateTx(caseKey(caseId), {
    UpdateExpression:
      // `lapsedAt` takes the lease end before it is cleared: an update reads the item as it was.
      'SET #status = :paid, claimedBy = :none, claimedByName = :none, claimedAt = :none, ' +
      'leaseEndsAt = :none, lapsedClaimBy = :by, lapsedAt = leaseEndsAt REMOVE gsi3pk, gsi3sk',
    ConditionExpression:
      '#status = :claimed AND claimedBy = :by AND claimedAt = :at AND leaseEndsAt <= :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':claimed': 'claimed',
      ':none': null,
      ':by': claim.providerId,
      ':at': claim.claimedAt,
      ':now': now.toISOString(),
    },
  });
  return writtenUnlessCaseCondition([
    released,
    waitingCountTx(caseId, 1),
    claimLeaseEndedTx(caseId),
  ]);
}

/** The claim a start or an end of the call is conditional on: the same provider's. */
export interface CallHolder {
  providerId: string;
  claimedAt: string;
}

/**
 * The case's move claimed → in_call, as transaction items (the case's first): only for the same
 * claim, while its lease is live at `now`. The case leaves the queue index (gsi2) and loses its
 * lease (and lease item): a started meeting can no longer lapse. A live claim was not counted
 * as waiting, so the waiting counter does not change. `startedAt` and `endsAt` are the
 * meeting's clock.
 */
export function caseCallStartedTxs(
  caseId: string,
  holder: CallHolder,
  times: { startedAt: string; endsAt: string },
  now: Date,
): TransactItem[] {
  return [caseCallStartedTx(caseId, holder, times, now), claimLeaseEndedTx(caseId)];
}

function caseCallStartedTx(
  caseId: string,
  holder: CallHolder,
  times: { startedAt: string; endsAt: string },
  now: Date,
): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :inCall, startedAt = :startedAt, endsAt = :endsAt, leaseEndsAt = :none ' +
      'REMOVE gsi2pk, gsi2sk',
    ConditionExpression:
      '#status = :claimed AND claimedBy = :by AND claimedAt = :claimedAt AND leaseEndsAt > :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':inCall': 'in_call',
      ':claimed': 'claimed',
      ':startedAt': times.startedAt,
      ':endsAt': times.endsAt,
      ':none': null,
      ':by': holder.providerId,
      ':claimedAt': holder.claimedAt,
      ':now': now.toISOString(),
    },
  });
}

/**
 * The case's move in_call → completed, as a transaction item: once, and only for the claim that
 * started it. The provider's own-cases entry (gsi3) moves from `ACTIVE#` to `DONE#`.
 */
export function caseCompletedTx(caseId: string, holder: CallHolder, endedAt: string): TransactItem {
  const done = providerCasesEntry(holder.providerId, 'DONE', holder.claimedAt, caseId);
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET #status = :completed, endedAt = :endedAt, gsi3sk = :doneSk',
    ConditionExpression: '#status = :inCall AND claimedBy = :by',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':inCall': 'in_call',
      ':endedAt': endedAt,
      ':doneSk': done.gsi3sk,
      ':by': holder.providerId,
    },
  });
}

/**
 * The case's move in_call → cancelled when the patient never joined the call (docs/adr/0023), as
 * a transaction item: once, only for the claim that started it. Like a completion, the
 * provider's own-cases entry moves to `DONE#`; the refund follows.
 */
export function casePatientNoShowTx(
  caseId: string,
  holder: CallHolder,
  endedAt: string,
): TransactItem {
  const done = providerCasesEntry(holder.providerId, 'DONE', holder.claimedAt, caseId);
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :cancelled, callOutcome = :noShow, endedAt = :endedAt, gsi3sk = :doneSk',
    ConditionExpression: '#status = :inCall AND claimedBy = :by AND claimedAt = :at',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':cancelled': 'cancelled',
      ':noShow': 'patient_no_show',
      ':inCall': 'in_call',
      ':endedAt': endedAt,
      ':doneSk': done.gsi3sk,
      ':by': holder.providerId,
      ':at': holder.claimedAt,
    },
  });
}

/**
 * The case's move in_call → paid when the doctor who started the call never joined it
 * (docs/adr/0023), as transaction items (the case's first): only for that claim and while its
 * room page has not entered since the claim. The case goes back to the queue (gsi2, at its
 * payment time; the waiting counter's +1) and leaves the doctor's list, its clock and the
 * patient's join are cleared (the room is closed: the patient enters again for the next doctor),
 * and `callOutcome` tells the patient's page why until the next claim clears it.
 */
export function caseProviderNoShowTxs(
  caseId: string,
  holder: CallHolder,
  paidAt: string,
): TransactItem[] {
  return [caseProviderNoShowTx(caseId, holder, paidAt), waitingCountTx(caseId, 1)];
}

function caseProviderNoShowTx(caseId: string, holder: CallHolder, paidAt: string): TransactItem {
  const queue = queueEntry(paidAt, caseId);
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :paid, claimedBy = :none, claimedByName = :none, claimedAt = :none, ' +
      'leaseEndsAt = :none, startedAt = :none, endsAt = :none, patientJoinedAt = :none, ' +
      'callOutcome = :noShow, ' +
      'gsi2pk = :queue, gsi2sk = :queueSk REMOVE gsi3pk, gsi3sk',
    ConditionExpression:
      '#status = :inCall AND claimedBy = :by AND claimedAt = :at AND ' +
      '(attribute_not_exists(providerJoinedAt) OR providerJoinedAt = :none OR providerJoinedAt < :at)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':inCall': 'in_call',
      ':none': null,
      ':noShow': 'provider_no_show',
      ':queue': queue.gsi2pk,
      ':queueSk': queue.gsi2sk,
      ':by': holder.providerId,
      ':at': holder.claimedAt,
    },
  });
}

/**
 * Access pattern: a party's room page entered the call's room (`meetings/join-room`,
 * docs/adr/0023): the time is stored on the case, the latest one kept.
 */
export async function recordRoomJoinItem(
  caseId: string,
  role: 'patient' | 'provider',
  joinedAt: string,
): Promise<boolean> {
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: `SET ${role === 'patient' ? 'patientJoinedAt' : 'providerJoinedAt'} = :at`,
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':at': joinedAt },
  });
}

/** The nurse who holds a home visit: every step of the visit is conditional on their claim. */
const nurseHolds =
  '#status = :claimed AND requestType = :nurseVisit AND claimedBy = :by AND claimedAt = :at';
const nurseHoldValues = (holder: CallHolder) => ({
  ':claimed': 'claimed',
  ':nurseVisit': 'nurse-visit',
  ':by': holder.providerId,
  ':at': holder.claimedAt,
});

/**
 * Access pattern: record (or move) a claimed home visit's time (docs/adr/0022), only by the
 * nurse who holds it and only while it is not finished. False when the condition failed.
 */
export async function scheduleNurseVisitItem(
  caseId: string,
  holder: CallHolder,
  scheduledFor: string,
): Promise<boolean> {
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: 'SET visitScheduledFor = :scheduledFor',
    ConditionExpression: nurseHolds,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...nurseHoldValues(holder), ':scheduledFor': scheduledFor },
  });
}

/**
 * Access pattern: finish a claimed home visit, once, by the nurse who holds it: `done` moves it to
 * completed (only once a time was recorded: the visit took place), `not_reached` to cancelled (it
 * did not; the refund follows). The nurse's own-cases entry moves to `DONE#`. False when the
 * condition failed.
 */
export async function finishNurseVisitItem(
  caseId: string,
  holder: CallHolder,
  outcome: NurseVisitOutcome,
  endedAt: string,
): Promise<boolean> {
  const done = providerCasesEntry(holder.providerId, 'DONE', holder.claimedAt, caseId);
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :to, visitOutcome = :outcome, endedAt = :endedAt, gsi3sk = :doneSk',
    ConditionExpression:
      outcome === 'done'
        ? `${nurseHolds} AND attribute_type(visitScheduledFor, :string)`
        : nurseHolds,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ...nurseHoldValues(holder),
      ':to': outcome === 'done' ? 'completed' : 'cancelled',
      ':outcome': outcome,
      ':endedAt': endedAt,
      ':doneSk': done.gsi3sk,
      ...(outcome === 'done' ? { ':string': 'S' } : {}),
    },
  });
}

/**
 * The case's copy of the call's `endsAt` moved once for a dropped call (docs/adr/0019), as a
 * transaction item beside the meeting's (db/meeting-media.ts `meetingExtendedTx`): only while
 * the call runs with the `endsAt` the extension was computed from.
 */
export function caseEndsAtMovedTx(
  caseId: string,
  fromEndsAt: string,
  toEndsAt: string,
): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET endsAt = :to',
    ConditionExpression: '#status = :inCall AND endsAt = :from',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':to': toEndsAt, ':inCall': 'in_call', ':from': fromEndsAt },
  });
}

/**
 * The feedback snapshot on the case, as a transaction item next to the Feedback itself: it
 * fails unless the case is completed, so feedback is never taken before the consultation ended.
 */
export function caseFeedbackTx(caseId: string, snapshot: CaseFeedback): TransactItem {
  return updateTx(caseKey(caseId), {
    UpdateExpression: 'SET feedback = :feedback',
    ConditionExpression: '#status = :completed',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':feedback': snapshot, ':completed': 'completed' },
  });
}

/**
 * Access pattern: expire a paid case nobody started (DESIGN.md §5), once. Only a case paid at or
 * before `paidBefore` and still paid, or claimed with its meeting not started, moves; it leaves
 * the queue (gsi2), with the waiting counter's -1 or its lease item (`fromQueue`), and its
 * claimer's list (gsi3), and any claim lease ends. A claimed nurse visit is never "started" here
 * (the nurse calls the patient; no meeting), so only an unclaimed one expires. Returns false when
 * the condition failed (started, taken, expired, not yet due).
 */
export async function expireCaseItem(
  caseId: string,
  expiredAt: string,
  paidBefore: string,
): Promise<boolean> {
  const expire = (from: QueuedStatus) =>
    updateTx(caseKey(caseId), {
      UpdateExpression:
        'SET #status = :expired, expiredAt = :expiredAt, leaseEndsAt = :none ' +
        'REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk',
      ConditionExpression: `${queuedAs[from]} AND paidAt <= :paidBefore`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':expired': 'expired',
        ...queuedValues[from],
        ':expiredAt': expiredAt,
        ':none': null,
        ':paidBefore': paidBefore,
      },
    });
  return fromQueue(caseId, expire);
}

/**
 * Access pattern: make `sessionId` the case's one open Checkout Session, replacing `previousId`
 * (null: the case had none). Conditional on the case still naming `previousId` (or already
 * naming `sessionId`), so of two requests that replace the same session only one wins. False
 * when another request replaced it first.
 */
export async function recordCheckoutSession(
  caseId: string,
  sessionId: string,
  previousId: string | null,
): Promise<boolean> {
  const stillPrevious = previousId
    ? 'checkoutSessionId = :previous'
    : '(attribute_not_exists(checkoutSessionId) OR attribute_type(checkoutSessionId, :null))';
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: 'SET checkoutSessionId = :session',
    ConditionExpression: `${IF_EXISTS} AND (${stillPrevious} OR checkoutSessionId = :session)`,
    ExpressionAttributeValues: {
      ':session': sessionId,
      ...(previousId ? { ':previous': previousId } : { ':null': 'NULL' }),
    },
  });
}

/** One page of a dashboard list: the cases and where the next page starts (null at the end). */
export interface CasePage {
  cases: CaseRecord[];
  /** The index sort key of the last case read; the next page starts after it. */
  lastSortKey: string | null;
}

/** A case list: which index, which partition, and (for gsi3) which sort key prefix. */
export interface CaseList {
  index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';
  partition: string;
  prefix?: string;
}

export const queueList: CaseList = { index: 'gsi2', partition: CASE_QUEUE };
export const paidCasesList: CaseList = { index: 'gsi4', partition: PAID_CASES };
/** Every case, paid or not (gsi1 `CASES`): the admin's case overview. */
export const allCasesList: CaseList = { index: 'gsi1', partition: 'CASES' satisfies ListName };
export const providerCasesList = (providerId: string, stage: ProviderCaseStage): CaseList => ({
  index: 'gsi3',
  partition: providerCasesPartition(providerId),
  prefix: `${stage}#`,
});

function caseListQuery(list: CaseList): QuerySpec {
  return {
    IndexName: list.index,
    KeyConditionExpression: list.prefix
      ? `${list.index}pk = :pk AND begins_with(${list.index}sk, :prefix)`
      : `${list.index}pk = :pk`,
    ExpressionAttributeValues: {
      ':pk': list.partition,
      ...(list.prefix ? { ':prefix': list.prefix } : {}),
    },
    ScanIndexForward: false,
  };
}

/** Every index sort key of these lists ends with `#{caseId}`: the page start is rebuilt from it. */
const caseIdOfSortKey = (sortKey: string): string => sortKey.slice(sortKey.lastIndexOf('#') + 1);

/** The start key of a read of `list` that continues after the case at `sortKey`. */
const startKeyAfter = (list: CaseList, sortKey: string): StoredItem => ({
  ...caseKey(caseIdOfSortKey(sortKey)),
  [`${list.index}pk`]: list.partition,
  [`${list.index}sk`]: sortKey,
});

/** A case as a list holds it: the record and its index sort key (a page may start after it). */
export interface ListedCase {
  record: CaseRecord;
  sortKey: string;
}

const listedCase = (list: CaseList, item: StoredItem): ListedCase => ({
  record: parseCase(item),
  sortKey: String(item[`${list.index}sk`]),
});

/**
 * The page of `limit` cases after `afterSortKey` (all of them without it), cut from cases of a
 * list read newest first, which hold at least `limit + 1` cases after that point, or the list's
 * end, or stop where DynamoDB cut its answer short (`cutShort`: its 1 MB per Query). One case
 * more than the page says whether another page exists, so the last page has no cursor.
 */
export function casePageOf(
  listed: ListedCase[],
  limit: number,
  afterSortKey?: string,
  cutShort = false,
): CasePage {
  // Sort keys are ASCII (times, UUIDs, prefixes): JavaScript orders them as DynamoDB does.
  const after = afterSortKey ? listed.filter((listed) => listed.sortKey < afterSortKey) : listed;
  const shown = after.slice(0, limit);
  return {
    cases: shown.map((listed) => listed.record),
    lastSortKey: after.length > limit || cutShort ? (shown.at(-1)?.sortKey ?? null) : null,
  };
}

/**
 * Access pattern: one page of a case list, newest first, starting after `afterSortKey`
 * (a sort key this function returned; the caller checked its shape and list).
 */
export async function listCasePage(
  list: CaseList,
  limit: number,
  afterSortKey?: string,
): Promise<CasePage> {
  const startKey = afterSortKey ? startKeyAfter(list, afterSortKey) : undefined;
  const { items, more } = await queryPage(caseListQuery(list), limit + 1, startKey);
  // Fewer items than asked and more to read: DynamoDB stopped at 1 MB (large intakes), so this
  // is not the list's end and the next page starts after the last case shown.
  const cutShort = more && items.length <= limit;
  return casePageOf(
    items.map((item) => listedCase(list, item)),
    limit,
    undefined,
    cutShort,
  );
}

/**
 * The most one filtered page request reads (`listMatchingCasePage`): items, and Query requests
 * (large intakes make DynamoDB stop at 1 MB after a few items). A request is bounded whatever
 * the list holds; a page cut short by this carries the position reached, and the next reads on.
 */
export const MATCHING_PAGE_READ_LIMITS = { items: 300, queries: 4 } as const;

/**
 * Access pattern: one page of the cases of a list that `keep` keeps (the dashboard's search and
 * status filter, features/cases/case-list.ts), newest first, after `afterSortKey`. A substring
 * of the summary as the card shows it, case-insensitive, and the status as the case reads now
 * (a lapsed claim is available again) are no key condition nor FilterExpression (`contains` is
 * case-sensitive, and DynamoDB charges the items a filter drops all the same), so the filter
 * runs on the items read: Queries of `Limit` page + 1, then the rest of `limits.items`, at most
 * `limits.queries` of them. The page ends after `limit` matches when one more exists, at the
 * list's end (no cursor), or where the reads stopped (the last case read: the next page reads
 * on from there, and may hold no match).
 */
export async function listMatchingCasePage(
  list: CaseList,
  options: {
    limit: number;
    afterSortKey?: string;
    keep: (caseRecord: CaseRecord) => boolean;
    limits?: { items: number; queries: number };
  },
): Promise<CasePage> {
  const limits = options.limits ?? MATCHING_PAGE_READ_LIMITS;
  const spec = caseListQuery(list);
  const matches: ListedCase[] = [];
  let after = options.afterSortKey;
  let read = 0;
  for (let queries = 1; ; queries += 1) {
    const chunk = queries === 1 ? options.limit + 1 : limits.items - read;
    const { items, more } = await queryPage(
      spec,
      Math.min(chunk, limits.items - read),
      after ? startKeyAfter(list, after) : undefined,
    );
    read += items.length;
    for (const item of items) {
      const listed = listedCase(list, item);
      if (!options.keep(listed.record)) continue;
      // One match more than the page: a next page exists, and starts after the last shown.
      if (matches.length === options.limit) return pageOfMatches(matches, matches.at(-1)!.sortKey);
      matches.push(listed);
    }
    const last = items.at(-1);
    if (!more || !last) return pageOfMatches(matches, null);
    after = listedCase(list, last).sortKey;
    if (read >= limits.items || queries >= limits.queries) return pageOfMatches(matches, after);
  }
}

const pageOfMatches = (matches: ListedCase[], lastSortKey: string | null): CasePage => ({
  cases: matches.map((listed) => listed.record),
  lastSortKey,
});

/**
 * Access pattern: one case item alone (GetItem), for the dashboard's search by a whole case id:
 * the case, if a list holds it, is found without reading the list.
 */
export async function getCaseRecord(caseId: string): Promise<CaseRecord | null> {
  const item = await getItem(caseKey(caseId));
  return item ? parseCase(item) : null;
}

/**
 * Access pattern: every case of a list that stays small (one provider's active cases: their live
 * claims and calls), newest first, in one Query while it fits DynamoDB's 1 MB page. Its counters
 * and its pages are then computed from these cases as they read now (features/cases/case-list.ts).
 */
export async function listWholeCaseList(list: CaseList): Promise<ListedCase[]> {
  return (await queryAll(caseListQuery(list))).map((item) => listedCase(list, item));
}

/**
 * Which cases of a list a count keeps, as they read at `now` (features/cases/claim-lease.ts):
 * `available`: the queue without live claims (a lapsed claim reads as available); `storedPaid`:
 * the cases stored as paid (the waiting counter's recount, features/cases/available-count.ts).
 */
export type CaseCountFilter = 'available' | 'storedPaid';

const countFilters: Record<CaseCountFilter, { expression: string; values: string[] }> = {
  available: {
    expression: 'NOT (#status = :claimed AND leaseEndsAt > :now)',
    values: [':claimed', ':now'],
  },
  storedPaid: { expression: '#status = :paid', values: [':paid'] },
};

/** DynamoDB refuses values an expression does not use: only the filter's. */
const pick = (values: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, values[name]]));

/**
 * Access pattern: how many cases a list holds (Query with `Select: COUNT`: no items are sent),
 * optionally only those a filter keeps at `now`, and only those after `afterSortKey` (the rest
 * of a list whose first page was read).
 */
export async function countCases(
  list: CaseList,
  keep?: { filter: CaseCountFilter; now: Date },
  afterSortKey?: string,
): Promise<number> {
  const spec = caseListQuery(list);
  const startKey = afterSortKey ? startKeyAfter(list, afterSortKey) : undefined;
  if (!keep) return countQuery(spec, startKey);
  const filter = countFilters[keep.filter];
  return countQuery(
    {
      ...spec,
      FilterExpression: filter.expression,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ...spec.ExpressionAttributeValues,
        ...pick(
          { ':claimed': 'claimed', ':paid': 'paid', ':now': keep.now.toISOString() },
          filter.values,
        ),
      },
    },
    startKey,
  );
}

/**
 * The waiting telemedicine cases of the queue index (issue 28 item 5): paid, or claimed with a
 * lease that ended (a lapsed claim waits again). A claim with a live lease, and a home nurse
 * visit (no call, no queue to wait in), are not waiting. A FilterExpression: DynamoDB still reads
 * (and charges) the queue's items it drops, which the queue's small size bounds.
 */
const waitingFilter = {
  FilterExpression:
    'requestType = :telemedicine AND (#status = :paid OR (#status = :claimed AND leaseEndsAt <= :now))',
  names: { '#status': 'status' },
  values: (now: Date) => ({
    ':telemedicine': 'telemedicine',
    ':paid': 'paid',
    ':claimed': 'claimed',
    ':now': now.toISOString(),
  }),
};

/**
 * Access pattern: how many waiting cases are ahead of a case in the queue, counted from `from`
 * (a mark of the last fan-out, db/queue-fan-out.ts: a sort key of the queue; from the head when
 * none): one `Select: COUNT` Query of the small `queue` index (gsi2's keys, about 150 bytes a
 * case) between that key and the case's own place, so it reads the few cases between them, not
 * the queue ahead (issue 29: at most a mark's stride plus the live claims among them).
 */
export async function countWaitingAhead(
  caseRecord: { id: string; paidAt: string },
  now: Date,
  from?: string,
): Promise<number> {
  const place = queueEntry(caseRecord.paidAt, caseRecord.id).gsi2sk;
  return countQuery({
    IndexName: 'queue',
    KeyConditionExpression: from
      ? 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :place'
      : 'gsi2pk = :pk AND gsi2sk < :place',
    // BETWEEN takes both ends: the case itself is not ahead of itself.
    FilterExpression: `${waitingFilter.FilterExpression} AND #id <> :self`,
    ExpressionAttributeNames: { ...waitingFilter.names, '#id': 'id' },
    ExpressionAttributeValues: {
      ':pk': CASE_QUEUE,
      ':place': place,
      ':self': caseRecord.id,
      ...(from ? { ':from': from } : {}),
      ...waitingFilter.values(now),
    },
  });
}

/** A waiting case in queue order: its id and its sort key on the queue. */
export interface QueuedCase {
  caseId: string;
  sortKey: string;
}

/**
 * Access pattern: every waiting case, in queue order (the `queue` index: gsi2 `CASE_QUEUE` with
 * a projection of the id and the three attributes the waiting filter reads), for the fan-out
 * (issue 29): about 150 bytes a case, so 1 read unit per 50 cases or so (eventually consistent).
 */
export async function waitingQueue(now: Date): Promise<QueuedCase[]> {
  const items = await queryAll({
    IndexName: 'queue',
    KeyConditionExpression: 'gsi2pk = :pk',
    FilterExpression: waitingFilter.FilterExpression,
    ExpressionAttributeNames: { ...waitingFilter.names, '#id': 'id' },
    ExpressionAttributeValues: { ':pk': CASE_QUEUE, ...waitingFilter.values(now) },
    ProjectionExpression: '#id, gsi2sk',
  });
  return items.flatMap((item) =>
    typeof item.id === 'string' && typeof item.gsi2sk === 'string'
      ? [{ caseId: item.id, sortKey: item.gsi2sk }]
      : [],
  );
}

/**
 * Access pattern: store the estimate given at payment on the case (issue 28 item 5), after the
 * paid transaction and apart from it (that transaction stays as it was). Conditional on the same
 * payment (`paidAt`), so a late write never labels a later payment of the case. False when the
 * case was paid at another time (or is gone).
 */
export async function recordWaitEstimateAtPayment(
  caseId: string,
  paidAt: string,
  estimate: WaitEstimate | null,
): Promise<boolean> {
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: 'SET waitEstimateAtPayment = :estimate',
    ConditionExpression: 'paidAt = :paidAt',
    ExpressionAttributeValues: { ':estimate': estimate, ':paidAt': paidAt },
  });
}
