/**
 * The stored case: its entity tag and record schema, and the one parse every read of a case
 * item goes through (`db/records.ts` `parseStored`: a broken item is an `InvariantError`).
 */
import * as z from 'zod';
import { caseFeedbackSchema } from '@shared/cases/case-feedback';
import { callOutcomeSchema } from '@shared/cases/no-show';
import { nurseVisitOutcomeSchema } from '@shared/cases/nurse-visit';
import { caseStatusSchema } from '@shared/cases/status';
import { waitEstimateSchema } from '@shared/cases/wait-estimate';
import { requestTypeSchema, urgencyLevelSchema } from '@shared/patients/request-kinds';
import { parseStored } from '../records';
import type { StoredItem } from '../table';

export const CASE_ENTITY = 'Case';
const entity = { tag: CASE_ENTITY };

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

export const parseCase = (item: StoredItem): CaseRecord =>
  parseStored(caseRecordSchema, entity, item);
