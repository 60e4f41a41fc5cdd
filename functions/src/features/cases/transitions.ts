import { randomUUID } from 'node:crypto';
import type { CaseStatus } from '@shared/cases/status';
import {
  CONSULTATION_CURRENCY,
  CONSULTATION_FEE_CENTS,
  MEETING_DURATION_MINUTES,
} from '@shared/payments/constants';
import { casePaidTx, type CaseRecord } from '../../db/cases';
import { meetingTx, type MeetingRecord } from '../../db/meetings';
import { paymentTx, type PaymentRecord } from '../../db/payments';
import { stripeEventTx } from '../../db/stripe-events';
import { cancellationReasons, writeTransaction, type TransactItem } from '../../db/transaction';
import { newMeetingId, newMeetingNumber, roomLink } from '../meetings/room-links';

/**
 * The case state machine (DESIGN.md §5). Every status change of a case happens through this
 * module: each transition is one conditional write on the expected current status, so two
 * callers can never both move a case.
 */
export const allowedTransitions: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  awaiting_payment: ['paid', 'expired', 'cancelled'],
  paid: ['claimed', 'expired', 'cancelled'],
  claimed: ['in_call', 'cancelled'],
  in_call: ['completed'],
  completed: [],
  expired: [],
  cancelled: [],
};

export function canTransition(from: CaseStatus, to: CaseStatus): boolean {
  return allowedTransitions[from].includes(to);
}

/** What Stripe said about the payment: the only evidence that marks a case paid. */
export interface PaymentEvidence {
  checkoutSessionId: string;
  clientReferenceId: string | null;
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** The webhook event, when the evidence came from one (idempotency key). */
  eventId: string | null;
}

export type PaymentRefusal = 'not_paid' | 'wrong_case' | 'wrong_amount';

/** Checks Stripe's word against the case: paid, for this case, for the flat fee. */
export function judgePayment(caseId: string, evidence: PaymentEvidence): PaymentRefusal | null {
  if (evidence.paymentStatus !== 'paid') return 'not_paid';
  if (evidence.clientReferenceId !== caseId) return 'wrong_case';
  if (
    evidence.amountTotal !== CONSULTATION_FEE_CENTS ||
    evidence.currency?.toLowerCase() !== CONSULTATION_CURRENCY
  ) {
    return 'wrong_amount';
  }
  return null;
}

export type MarkPaidOutcome =
  | { outcome: 'paid'; payment: PaymentRecord; meeting: MeetingRecord | null }
  | { outcome: 'already_paid' }
  | { outcome: 'duplicate_event' }
  | { outcome: 'refused'; reason: PaymentRefusal | 'case_closed' };

const MAX_ATTEMPTS = 6;

/**
 * The one function that marks a case paid (DESIGN.md §5), reached from the verified webhook, the
 * manual completion and the sync endpoint. In one transaction: the case moves
 * awaiting_payment → paid, the Payment is recorded, the telemedicine Meeting is created and the
 * Stripe event is marked processed. Replays and concurrent deliveries lose the transaction and
 * report `already_paid` or `duplicate_event`: one Payment and one Meeting, however often called.
 */
export async function markCasePaid(
  caseRecord: CaseRecord,
  evidence: PaymentEvidence,
  now = new Date(),
): Promise<MarkPaidOutcome> {
  const refusal = judgePayment(caseRecord.id, evidence);
  if (refusal) return { outcome: 'refused', reason: refusal };
  if (caseRecord.status !== 'awaiting_payment') {
    return canTransition(caseRecord.status, 'paid') || caseRecord.paidAt
      ? { outcome: 'already_paid' }
      : { outcome: 'refused', reason: 'case_closed' };
  }

  const paidAt = now.toISOString();
  const payment: PaymentRecord = {
    id: randomUUID(),
    caseId: caseRecord.id,
    provider: 'stripe',
    status: 'paid',
    rawPayload: {
      checkoutSessionId: evidence.checkoutSessionId,
      paymentIntentId: evidence.paymentIntentId,
      amountTotal: evidence.amountTotal ?? 0,
      currency: evidence.currency ?? CONSULTATION_CURRENCY,
      eventId: evidence.eventId,
    },
    createdAt: paidAt,
  };
  const meetingId = newMeetingId();
  const meeting: MeetingRecord | null =
    caseRecord.requestType === 'telemedicine'
      ? {
          id: meetingId,
          caseId: caseRecord.id,
          zoomMeetingId: newMeetingNumber(),
          patientJoinUrl: roomLink(meetingId, 'patient', now.getTime()),
          providerJoinUrl: roomLink(meetingId, 'provider', now.getTime()),
          scheduledFor: paidAt,
          duration: MEETING_DURATION_MINUTES,
          startedAt: null,
          endedAt: null,
          status: 'scheduled',
          autoEndTimerId: null,
          patientLastAccessAt: null,
          createdAt: paidAt,
        }
      : null;

  const items: TransactItem[] = [casePaidTx(caseRecord.id, paidAt), paymentTx(payment)];
  if (meeting) items.push(meetingTx(meeting));
  if (evidence.eventId) items.push(stripeEventTx(evidence.eventId, caseRecord.id, now));

  // DynamoDB cancels concurrent transactions on the same item with `TransactionConflict`;
  // those are retried (the conditions keep it correct), a failed condition is final.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await writeTransaction(items);
      return { outcome: 'paid', payment, meeting };
    } catch (error) {
      const codes = cancellationReasons(error);
      if (!codes) throw error;
      if (codes.includes('TransactionConflict') && attempt < MAX_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
        continue;
      }
      // Another delivery won: the event marker (last item) or the case condition (first) failed.
      if (evidence.eventId && codes.at(-1) === 'ConditionalCheckFailed') {
        return { outcome: 'duplicate_event' };
      }
      if (codes[0] === 'ConditionalCheckFailed') return { outcome: 'already_paid' };
      throw error;
    }
  }
}
