import { withinEstimate } from '@shared/cases/wait-estimate';
import { CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { stripeCardFeeCents, type SettlementDecision } from '@shared/payments/money';
import type { Authorization } from './day-simulation';

/**
 * The simulated day's figures (issue 28): what Stripe's fees cost under the rule before (charge
 * at checkout, refund when the visit did not happen: Stripe keeps its fee) and after (authorize,
 * capture when seen, void otherwise: a void costs nothing), and how often the wait estimate
 * given at payment held.
 */

export type PaymentRule = 'before' | 'after';

export interface MoneyFigures {
  rule: PaymentRule;
  /** Patients' requests (cases). */
  cases: number;
  /** Payments made: charges before; authorizations after (a "Keep waiting" authorizes again). */
  payments: number;
  /** Cases whose consultation (or nurse visit) took place. */
  seen: number;
  neverSeen: number;
  /** Stripe's fees on the payments of patients seen: the cost of doing business. */
  feesOnSeenCents: number;
  /** Stripe's fees lost on patients never seen: a refund keeps the fee; a void has none. */
  feesLostOnNeverSeenCents: number;
  /** Payments of patients never seen that were charged and kept. */
  chargedNeverSeen: number;
  chargedNeverSeenCents: number;
}

/**
 * What the rule before issue 28 did with a payment, by how the visit ended: a case that ended
 * cancelled (no-show, ADR 0023; expiry; nurse not reached) was refunded; every call the patient
 * entered ended `completed` and kept the money, whether or not it connected.
 */
export function refundedBeforeIssue28(decision: SettlementDecision): boolean {
  switch (decision.why) {
    case 'patient_no_show':
    case 'expired':
    case 'nurse_visit_not_reached':
    case 'authorization_expired':
    case 'wait_promise':
      return true;
    case 'consultation_held':
    case 'nurse_visit_done':
    case 'never_connected':
      return false;
  }
}

/**
 * Before: every payment is charged at checkout (fee paid), and refunded or kept. After: only a
 * capture charges; a capture of a patient never seen would have to be refunded, losing the fee.
 */
export function moneyFigures(rule: PaymentRule, authorizations: Authorization[]): MoneyFigures {
  const fee = stripeCardFeeCents();
  const seenCases = new Set(
    authorizations.filter((auth) => auth.seen).map((auth) => auth.caseIndex),
  );
  const cases = new Set(authorizations.map((auth) => auth.caseIndex)).size;
  const figures: MoneyFigures = {
    rule,
    cases,
    payments: authorizations.length,
    seen: seenCases.size,
    neverSeen: cases - seenCases.size,
    feesOnSeenCents: 0,
    feesLostOnNeverSeenCents: 0,
    chargedNeverSeen: 0,
    chargedNeverSeenCents: 0,
  };
  for (const auth of authorizations) {
    const charged = rule === 'before' || auth.decision.action === 'capture';
    if (!charged) continue;
    if (auth.seen) {
      figures.feesOnSeenCents += fee;
      continue;
    }
    const refunded = rule === 'before' ? refundedBeforeIssue28(auth.decision) : true;
    if (refunded) {
      figures.feesLostOnNeverSeenCents += fee;
    } else {
      figures.chargedNeverSeen += 1;
      figures.chargedNeverSeenCents += CONSULTATION_FEE_CENTS;
    }
  }
  return figures;
}

export interface AccuracyBand {
  /** Hours of the day the payments were made in, [fromHour, toHour). */
  fromHour: number;
  toHour: number;
  /** Payments given an estimate whose consultation then started. */
  judged: number;
  within: number;
}

export interface AccuracyFigures {
  judged: number;
  within: number;
  /** within / judged (NaN when nothing could be judged: a check cannot pass by accident). */
  share: number;
  /** Payments made with nobody on duty: no estimate, the wait promise instead. */
  withoutEstimate: number;
  /** Payments given an estimate whose consultation never started (lapsed, expired). */
  neverStarted: number;
  byBand: AccuracyBand[];
}

/** At each start, did the real wait (start − payment) fall within the estimate, ± 3 minutes. */
export function estimateAccuracy(authorizations: Authorization[], bandHours = 4): AccuracyFigures {
  const video = authorizations.filter((auth) => auth.kind === 'video');
  const byBand: AccuracyBand[] = Array.from({ length: 24 / bandHours }, (_, band) => ({
    fromHour: band * bandHours,
    toHour: (band + 1) * bandHours,
    judged: 0,
    within: 0,
  }));
  let withoutEstimate = 0;
  let neverStarted = 0;
  for (const auth of video) {
    if (!auth.estimate) {
      withoutEstimate += 1;
      continue;
    }
    if (auth.startedAt === null) {
      neverStarted += 1;
      continue;
    }
    // A payment after midnight (a late "Keep waiting") counts in the day's last band.
    const hour = Math.min(23, Math.floor(auth.paidAt / 60));
    const band = byBand[Math.floor(hour / bandHours)]!;
    band.judged += 1;
    if (withinEstimate(auth.estimate, auth.startedAt - auth.paidAt)) band.within += 1;
  }
  const judged = byBand.reduce((sum, band) => sum + band.judged, 0);
  const within = byBand.reduce((sum, band) => sum + band.within, 0);
  return {
    judged,
    within,
    share: judged > 0 ? within / judged : Number.NaN,
    withoutEstimate,
    neverStarted,
    byBand,
  };
}
