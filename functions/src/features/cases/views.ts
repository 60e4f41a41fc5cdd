import type { CaseStatusResponse } from '@shared/cases/api';
import { isJoinableCaseStatus } from '@shared/cases/status';
import type { CaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import { env } from '#core/env';
import { effectiveMeeting } from './effective-meeting';
import type { MoneyState } from '@shared/payments/money';
import { currentPayment, type PaymentRecord, type PaymentRefund } from '#db/payments';
import { isPatientNoShow } from './call-joins';
import { effectiveCase } from './claim-lease';

/**
 * What the visit and processing pages may know of a case (spec doc 1 §7): no patient data, and
 * never the provider's join link (issue 8 item 10). The patient's join link (its room token
 * included) only to the holder of the patient's key (`patient`, docs/adr/0012): a case id alone,
 * which providers and admins see, gets the status without it. A lapsed claim reads as paid, so the visit
 * page says 'Waiting for Provider' again (DESIGN.md §5); a call past its `endsAt` reads completed
 * at `endsAt`, so the visit page moves to feedback at `endsAt` to the second (DESIGN.md §7).
 * An expired or ended case has no join link: expiry leaves its meeting `scheduled`, and a link
 * would open a room that waits forever (issue 27 item 6).
 */
export function toCaseStatusResponse(
  bundle: CaseBundle,
  { patient }: { patient: boolean },
  now = new Date(),
): CaseStatusResponse {
  const meeting = bundle.meeting && effectiveMeeting(bundle.meeting, now);
  const caseRecord = effectiveCase(bundle.case, now);
  return {
    caseId: caseRecord.id,
    status: caseRecord.status,
    requestType: caseRecord.requestType,
    paidAt: caseRecord.paidAt,
    meeting: meeting
      ? {
          id: meeting.id,
          duration: meeting.duration,
          scheduledFor: meeting.scheduledFor,
          patientJoinUrl:
            patient && isJoinableCaseStatus(caseRecord.status) ? meeting.patientJoinUrl : null,
          zoomMeetingId: meeting.zoomMeetingId,
          status: meeting.status,
          startedAt: meeting.startedAt,
          endsAt: meeting.endsAt,
          endedAt: meeting.endedAt,
        }
      : null,
    claimedBy: caseRecord.claimedByName,
    refund: refundView({ ...bundle, case: caseRecord }),
    money: moneyView(bundle),
    nurseVisit:
      caseRecord.requestType === 'nurse-visit'
        ? { scheduledFor: caseRecord.visitScheduledFor, outcome: caseRecord.visitOutcome }
        : null,
    callOutcome: caseRecord.callOutcome,
    waitPromise: waitPromiseView(caseRecord),
  };
}

/**
 * The wait promise as the patient's pages tell it (docs/adr/0025; pass the case as it reads
 * now): its end while the case waits for a doctor, when it lapsed once it has. Null for a case
 * never authorized under a promise (unpaid, or paid before promises existed).
 */
export function waitPromiseView(
  caseRecord: CaseRecord,
  minutes = env.waitPromiseMinutes,
): CaseStatusResponse['waitPromise'] {
  if (caseRecord.authorizations === 0) return null;
  const waiting =
    caseRecord.status === 'paid' ||
    (caseRecord.status === 'claimed' && caseRecord.requestType === 'telemedicine');
  return {
    minutes,
    endsAt: waiting ? caseRecord.waitPromiseEndsAt : null,
    lapsedAt: caseRecord.status === 'awaiting_payment' ? caseRecord.waitPromiseLapsedAt : null,
  };
}

/** Stripe's refund statuses as the patient's page tells them. */
function refundStatusOf(
  refund: PaymentRefund,
): NonNullable<CaseStatusResponse['refund']>['status'] {
  if (refund.status === 'succeeded') return 'succeeded';
  if (refund.status === 'failed' || refund.status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * A visit that did not happen, paid before manual capture, is refunded in full: an expired case (DESIGN.md §5), a home nurse
 * visit whose patient was not reached (docs/adr/0022) or a call the patient never joined
 * (docs/adr/0023; pass the case as it reads now, `effectiveCase`). `pending` from then until Stripe's answer
 * is recorded on the Payment; null for every other case.
 */
export function refundView(bundle: CaseBundle): CaseStatusResponse['refund'] {
  const refunded =
    bundle.case.status === 'expired' ||
    bundle.case.visitOutcome === 'not_reached' ||
    isPatientNoShow(bundle.case);
  const payment = currentPayment(bundle.payments);
  // Only a payment charged at checkout is refunded; an authorization is voided (`moneyView`).
  if (!refunded || !payment || (payment.status !== 'captured' && !payment.refund)) return null;
  return { status: payment.refund ? refundStatusOf(payment.refund) : 'pending' };
}

/**
 * Where the patient's money stands (issue 28 item 2, docs/adr/0024), from the case's current
 * payment as the settlement recorded it: authorized, charged, released (voided), or refunded (a
 * payment charged at checkout before manual capture, once Stripe confirmed the refund).
 */
export function moneyView(bundle: CaseBundle): CaseStatusResponse['money'] {
  const payment = currentPayment(bundle.payments);
  return payment && moneyOfPayment(payment);
}

const moneyStateOf = { authorized: 'authorized', captured: 'charged', voided: 'released' } as const;

/** The money state a payment tells the patient (and the admin). */
export function moneyOfPayment(payment: PaymentRecord): { state: MoneyState } {
  if (payment.refund?.status === 'succeeded') return { state: 'refunded' };
  return { state: moneyStateOf[payment.status] };
}

/** Where the patient goes once paid: the visit page, or the verification page (reading B). */
export function nextPathAfterPayment(bundle: CaseBundle): string {
  return bundle.case.source === 'patient'
    ? `/payment-success?patient_id=${bundle.case.patientId}`
    : `/visit/${bundle.case.id}`;
}
