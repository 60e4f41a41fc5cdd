import { randomUUID } from 'node:crypto';
import type { CaseStatus } from '@shared/cases/status';
import { CONSULTATION_CURRENCY, CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { claimMessages } from '@shared/cases/provider-case-messages';
import type { NurseVisitOutcome } from '@shared/cases/nurse-visit';
import { getCaseBundle } from '#db/cases/bundle';
import type { CallHolder } from '#db/cases/call';
import { claimCaseTxs, releaseClaimItem, type CaseClaim } from '#db/cases/claims';
import { finishNurseVisitItem, scheduleNurseVisitItem } from '#db/cases/nurse-visit';
import { casePaidTxs, type CaseAuthorization } from '#db/cases/payment';
import { lapseWaitPromiseItem, expireCaseItem } from '#db/cases/queue-exit';
import type { CaseRecord } from '#db/cases/record';
import { countPaidCase } from '#db/case-counters';
import { claimSlotTx } from '#db/claim-slots';
import { meetingTx, type MeetingRecord } from '#db/meetings';
import { paymentTx, type PaymentRecord } from '#db/payments';
import { stripeEventTx } from '#db/stripe-events';
import { writeConditionalTransaction, type TransactItem } from '#db/transaction';
import { env } from '#core/env';
import { authorizationStateOf, type PaymentEvidence } from '../payments/evidence';
import { newMeetingId, newMeetingNumber, roomLink } from './room-links';
import { scheduledMeeting } from './scheduled-meeting';
import { effectiveCase, leaseEndFor } from './claim-lease';
import { findClaimSlot } from './claim-slots';
import { caseExpiresAt, scheduleCaseExpiry } from './case-expiry-schedule';
import { scheduleWaitPromise, waitPromiseEndsAt } from './wait-promise-schedule';

/**
 * The case state machine (DESIGN.md §5). Every status change of a case happens through this
 * module: each transition is one conditional write on the expected current status, so two
 * callers can never both move a case. The call's transitions (claimed → in_call → completed)
 * are in `call-transitions.ts`, which this module owns.
 */
export const allowedTransitions: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  awaiting_payment: ['paid', 'expired', 'cancelled'],
  // paid | claimed → awaiting_payment: no doctor started it within the wait promise; its
  // authorization is voided and "Keep waiting" authorizes again (docs/adr/0025).
  paid: ['claimed', 'expired', 'cancelled', 'awaiting_payment'],
  // claimed → paid: the claim lease lapsed before the meeting started (DESIGN.md §5).
  // claimed → expired: nobody started the meeting within CASE_EXPIRY_SECONDS of the payment.
  // claimed → completed | cancelled: a home nurse visit done or not reached (docs/adr/0022).
  claimed: ['in_call', 'paid', 'expired', 'completed', 'cancelled', 'awaiting_payment'],
  // in_call → cancelled: the patient never joined the call (a no-show, refunded);
  // in_call → paid: the doctor who started it never joined it (docs/adr/0023).
  in_call: ['completed', 'cancelled', 'paid'],
  completed: [],
  expired: [],
  cancelled: [],
};

export function canTransition(from: CaseStatus, to: CaseStatus): boolean {
  return allowedTransitions[from].includes(to);
}

export type PaymentRefusal = 'not_paid' | 'wrong_case' | 'wrong_amount';

/**
 * The PaymentIntent statuses that mean the money is secured: the authorization holds
 * (`requires_capture`), or it was captured already (a session paid before manual capture, or
 * one captured since).
 */
const SECURED_INTENT_STATUSES = new Set(['requires_capture', 'succeeded']);

/**
 * Checks Stripe's word against the case: the PaymentIntent of a completed session holds (or took)
 * the flat fee, for this case.
 */
export function judgePayment(caseId: string, evidence: PaymentEvidence): PaymentRefusal | null {
  const { intent } = evidence;
  if (evidence.sessionStatus !== 'complete' || !intent) return 'not_paid';
  if (!SECURED_INTENT_STATUSES.has(intent.status)) return 'not_paid';
  if (evidence.clientReferenceId !== caseId || (intent.caseId !== null && intent.caseId !== caseId))
    return 'wrong_case';
  if (
    intent.amount !== CONSULTATION_FEE_CENTS ||
    intent.currency.toLowerCase() !== CONSULTATION_CURRENCY
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

/**
 * Whether a case whose wait promise lapsed may still be authorized again ("Keep waiting",
 * docs/adr/0025): CASE_EXPIRY_SECONDS from the first payment stays the outer limit, and the
 * case's one expiry schedule (at that time) has run by then, so a later payment would never
 * expire. A case never paid, or not lapsed, is not this function's matter (true).
 */
export function mayAuthorizeAgain(
  caseRecord: Pick<CaseRecord, 'paidAt' | 'waitPromiseLapsedAt'>,
  now: Date,
): boolean {
  if (!caseRecord.waitPromiseLapsedAt || !caseRecord.paidAt) return true;
  return caseExpiresAt(new Date(caseRecord.paidAt)).getTime() > now.getTime();
}

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
  const { intent } = evidence;
  if (refusal || !intent) return { outcome: 'refused', reason: refusal ?? 'not_paid' };
  if (caseRecord.status !== 'awaiting_payment') {
    return canTransition(caseRecord.status, 'paid') || caseRecord.paidAt
      ? { outcome: 'already_paid' }
      : { outcome: 'refused', reason: 'case_closed' };
  }

  // "Keep waiting" after a lapsed wait promise (docs/adr/0025): only the case's current
  // session pays it (a late delivery of the voided one's must not), within the outer limit.
  const again = caseRecord.waitPromiseLapsedAt !== null;
  if (again && evidence.checkoutSessionId !== caseRecord.checkoutSessionId) {
    return { outcome: 'refused', reason: 'not_paid' };
  }
  if (!mayAuthorizeAgain(caseRecord, now)) return { outcome: 'refused', reason: 'case_closed' };

  const paidAt = now.toISOString();
  const authorization: CaseAuthorization = {
    // The queue keeps the first payment's order (the patient has waited already), and the case's
    // expiry, scheduled then, still comes at the first payment + CASE_EXPIRY_SECONDS.
    paidAt: (again && caseRecord.paidAt) || paidAt,
    number: caseRecord.authorizations + 1,
    waitPromiseEndsAt: waitPromiseEndsAt(now).toISOString(),
  };
  const payment: PaymentRecord = {
    id: randomUUID(),
    caseId: caseRecord.id,
    provider: 'stripe',
    status: authorizationStateOf(intent.status),
    rawPayload: {
      checkoutSessionId: evidence.checkoutSessionId,
      paymentIntentId: evidence.paymentIntentId,
      amountTotal: intent.amount,
      currency: intent.currency,
      eventId: evidence.eventId,
    },
    createdAt: paidAt,
    refund: null,
    settlement: null,
    settledAt: null,
    intentStatus: intent.status,
    settlementFailure: null,
  };
  const meetingId = newMeetingId();
  // A re-authorized case keeps the Meeting of its first payment (never started: it lapsed unstarted).
  const meeting: MeetingRecord | null =
    caseRecord.requestType === 'telemedicine' && !again
      ? scheduledMeeting(
          {
            id: meetingId,
            caseId: caseRecord.id,
            zoomMeetingId: newMeetingNumber(),
            patientJoinUrl: roomLink(meetingId, caseRecord.id, 'patient', now.getTime()),
            providerJoinUrl: roomLink(meetingId, caseRecord.id, 'provider', now.getTime()),
          },
          paidAt,
        )
      : null;

  const items: TransactItem[] = [...casePaidTxs(caseRecord.id, authorization), paymentTx(payment)];
  if (meeting) items.push(meetingTx(meeting));
  if (evidence.eventId) items.push(stripeEventTx(evidence.eventId, caseRecord.id, now));

  const codes = await writeConditionalTransaction(items);
  if (!codes) {
    if (!again) {
      // The case is paid whatever the counter does: a failed count only undercounts the
      // dashboard's Total Cases (db/case-counters.ts).
      await countPaidCase().catch(() => undefined);
      // The expiry schedule (DESIGN.md §5); its failure is logged and the payment stands.
      await scheduleCaseExpiry(caseRecord.id, now);
    }
    // This authorization's wait promise (docs/adr/0025); likewise never fails the payment.
    await scheduleWaitPromise(caseRecord.id, authorization.number, now);
    return { outcome: 'paid', payment, meeting };
  }
  // Another delivery won: the event marker (last item) or the case condition (first) failed.
  if (evidence.eventId && codes.at(-1) === 'ConditionalCheckFailed') {
    return { outcome: 'duplicate_event' };
  }
  if (codes[0] === 'ConditionalCheckFailed') return { outcome: 'already_paid' };
  throw new Error(`The paid transaction was cancelled: ${codes.join(',')}`);
}

/** Who claims: the signed-in provider (the handler checked the body names them). */
export interface Claimant {
  id: string;
  name: string;
}

export type ClaimOutcome =
  | { outcome: 'claimed'; case: CaseRecord; claim: CaseClaim }
  | { outcome: 'refused'; message: string };

/**
 * Why a claim cannot be made, from the case as it reads now; null when it can. The provider
 * whose claim lapsed waits `cooldownSeconds` from the lease end before claiming that case again
 * (issue 25, security review M4), so other providers get the first chance at it.
 */
export function claimRefusal(
  caseRecord: CaseRecord,
  claimantId: string,
  now: Date,
  cooldownSeconds = env.claimCooldownSeconds,
): string | null {
  const current = effectiveCase(caseRecord, now);
  switch (current.status) {
    case 'paid':
      return current.lapsedClaimBy === claimantId &&
        current.lapsedAt !== null &&
        Date.parse(current.lapsedAt) + cooldownSeconds * 1000 > now.getTime()
        ? claimMessages.coolingDown
        : null;
    case 'awaiting_payment':
      return claimMessages.notPaid;
    case 'claimed':
    case 'in_call':
      return current.claimedBy === claimantId
        ? claimMessages.claimedByMe
        : claimMessages.claimedByOther;
    default:
      return claimMessages.closed;
  }
}

/**
 * How often a claim tries again: after losing its slot to a concurrent claim of the same
 * provider, or after the case changed between its read and the write but can still be claimed
 * (a paid case whose claim lapsed meanwhile, a lapsed claim released meanwhile).
 */
const CLAIM_ATTEMPTS = 3;

/**
 * paid → claimed (or a lapsed claim → a new claim), in one transaction with the provider's
 * claim slot (features/cases/claim-slots.ts): of any number of concurrent claims of a case
 * exactly one wins, and a provider never holds more than `maxActiveClaims` live claims however
 * many claims they send at once. The losers are refused with the reason read afterwards.
 */
export async function claimPaidCase(
  caseRecord: CaseRecord,
  claimant: Claimant,
  now = new Date(),
  leaseSeconds?: number,
  maxActiveClaims = env.maxActiveClaims,
): Promise<ClaimOutcome> {
  const refusal = claimRefusal(caseRecord, claimant.id, now);
  if (refusal) return { outcome: 'refused', message: refusal };
  const claim: CaseClaim = {
    providerId: claimant.id,
    providerName: claimant.name,
    claimedAt: now.toISOString(),
    // A home nurse visit is not leased (docs/adr/0022): the nurse arranges a time with the
    // patient, which may be hours away; the claim holds until the visit is done or not reached.
    leaseEndsAt:
      caseRecord.requestType === 'nurse-visit'
        ? null
        : leaseEndFor(now, leaseSeconds).toISOString(),
  };
  let current = caseRecord;
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    const choice = await findClaimSlot(claimant.id, caseRecord.id, now, maxActiveClaims);
    if (!choice) return { outcome: 'refused', message: claimMessages.activeClaimHeld };
    const slot = {
      providerId: claimant.id,
      slot: choice.slot,
      caseId: caseRecord.id,
      claimedAt: claim.claimedAt,
    };
    // Claimable now (`claimRefusal`): stored paid, or a claim whose lease lapsed.
    const from = current.status === 'paid' ? 'paid' : 'lapsed';
    const codes = await writeConditionalTransaction([
      ...claimCaseTxs(caseRecord.id, from, claim, now),
      claimSlotTx(slot, choice.previous),
    ]);
    if (!codes) {
      return {
        outcome: 'claimed',
        claim,
        case: {
          ...current,
          status: 'claimed',
          claimedBy: claim.providerId,
          claimedByName: claim.providerName,
          claimedAt: claim.claimedAt,
          leaseEndsAt: claim.leaseEndsAt,
          lapsedClaimBy: null,
          lapsedAt: null,
        },
      };
    }
    if (codes[0] === 'ConditionalCheckFailed') {
      // The case is not what it was read as: another claim won it, or it changed in a way that
      // leaves it claimable (then try again as it is now).
      const latest = await getCaseBundle(caseRecord.id);
      const reason = latest ? claimRefusal(latest.case, claimant.id, now) : claimMessages.closed;
      if (reason) return { outcome: 'refused', message: reason };
      current = latest!.case;
      continue;
    }
    // Only the slot's condition failed: another claim of this provider took the slot
    // meanwhile; read the slots again.
    if (codes.at(-1) !== 'ConditionalCheckFailed') {
      throw new Error(`claim cancelled: ${codes.join(',')}`);
    }
  }
  return { outcome: 'refused', message: claimMessages.activeClaimHeld };
}

/**
 * claimed → paid when the lease has lapsed (the Scheduler's release): conditional on the same
 * claim, so it happens at most once and never undoes a newer claim. True when it released.
 */
export function releaseLapsedClaim(
  caseId: string,
  claim: Pick<CaseClaim, 'providerId' | 'claimedAt'>,
  now = new Date(),
): Promise<boolean> {
  return releaseClaimItem(caseId, claim, now);
}

/**
 * paid | claimed (meeting not started; telemedicine only, see `expireCaseItem`) → expired, once,
 * and only when the case was paid at least `expirySeconds` before `now`: the expiry schedule may
 * fire late or twice, never early. True when this call expired it.
 */
export function expireUnstartedCase(
  caseId: string,
  now = new Date(),
  expirySeconds = env.caseExpirySeconds,
): Promise<boolean> {
  const paidBefore = new Date(now.getTime() - expirySeconds * 1000).toISOString();
  return expireCaseItem(caseId, now.toISOString(), paidBefore);
}

/**
 * paid | claimed (a video consultation not started) → awaiting_payment when authorization
 * `number`'s wait promise has ended (docs/adr/0025), once: a late, repeated or stale run (the
 * case started, closed or authorized again meanwhile) changes nothing. True when this call
 * moved it; the caller voids the authorization.
 */
export function lapseWaitPromise(
  caseId: string,
  number: number,
  now = new Date(),
): Promise<boolean> {
  return lapseWaitPromiseItem(caseId, number, now.toISOString());
}

/**
 * A claimed home nurse visit's time, recorded or moved by its nurse (docs/adr/0022); the case
 * stays claimed. True when recorded; false when the case is no longer this nurse's open visit.
 */
export function scheduleNurseVisit(
  caseId: string,
  holder: CallHolder,
  scheduledFor: Date,
): Promise<boolean> {
  return scheduleNurseVisitItem(caseId, holder, scheduledFor.toISOString());
}

/**
 * claimed (a home nurse visit) → completed (`done`, once its time was recorded) or → cancelled
 * (`not_reached`; the caller refunds it), once, by its nurse. True when this call moved it.
 */
export function finishNurseVisit(
  caseId: string,
  holder: CallHolder,
  outcome: NurseVisitOutcome,
  now = new Date(),
): Promise<boolean> {
  return finishNurseVisitItem(caseId, holder, outcome, now.toISOString());
}
