import { describe, expect, it } from 'vitest';
import type { SettlementDecision } from '@shared/payments/money';
import { estimateAccuracy, moneyFigures, refundedBeforeIssue28 } from './day-figures';
import type { Authorization } from './day-simulation';

const held: SettlementDecision = { action: 'capture', why: 'consultation_held' };
const noShow: SettlementDecision = { action: 'void', why: 'patient_no_show' };

function authorization(overrides: Partial<Authorization>): Authorization {
  return {
    caseIndex: 0,
    attempt: 1,
    kind: 'video',
    paidAt: 0,
    estimate: { lowMinutes: 10, highMinutes: 20 },
    aheadInQueue: 0,
    doctorsOnDuty: 1,
    startedAt: null,
    patientJoined: null,
    seen: false,
    decision: noShow,
    ...overrides,
  };
}

describe('estimateAccuracy', () => {
  it('judges each started case with an estimate against its real wait, ± 3 minutes, by hour band', () => {
    const figures = estimateAccuracy([
      // 07:00, waited 7 minutes: 3 under the low end, within.
      authorization({ caseIndex: 0, paidAt: 420, startedAt: 427 }),
      // 07:10, waited 23: 3 over the high end, within.
      authorization({ caseIndex: 1, paidAt: 430, startedAt: 453 }),
      // 13:00, waited 24: outside.
      authorization({ caseIndex: 2, paidAt: 780, startedAt: 804 }),
      // Nobody on duty: no estimate, not judged.
      authorization({ caseIndex: 3, estimate: null, startedAt: 100 }),
      // Lapsed before any start: not judged.
      authorization({ caseIndex: 4, startedAt: null }),
      // A nurse visit has no estimate and no start.
      authorization({ caseIndex: 5, kind: 'nurse_visit', estimate: null }),
      // Paid after midnight (a late "Keep waiting"): the day's last band.
      authorization({ caseIndex: 6, paidAt: 1450, startedAt: 1465 }),
    ]);
    expect(figures).toMatchObject({
      judged: 4,
      within: 3,
      share: 0.75,
      withoutEstimate: 1,
      neverStarted: 1,
    });
    expect(figures.byBand.map(({ judged, within }) => [judged, within])).toEqual([
      [0, 0],
      [2, 2],
      [0, 0],
      [1, 0],
      [0, 0],
      [1, 1],
    ]);
  });

  it('reports no share when nothing could be judged, so the goal cannot pass by accident', () => {
    expect(estimateAccuracy([authorization({ estimate: null })]).share).toBeNaN();
  });
});

describe('moneyFigures', () => {
  it('counts cases once, however many times they were authorized', () => {
    const figures = moneyFigures('after', [
      authorization({
        caseIndex: 0,
        attempt: 1,
        decision: { action: 'void', why: 'wait_promise' },
      }),
      authorization({ caseIndex: 0, attempt: 2, seen: true, decision: held }),
      authorization({ caseIndex: 1, decision: noShow }),
    ]);
    expect(figures).toMatchObject({ cases: 2, payments: 3, seen: 1, neverSeen: 1 });
    expect(figures.feesOnSeenCents).toBe(39);
    expect(figures.feesLostOnNeverSeenCents).toBe(0);
  });

  it('loses the fee when a patient never seen is captured (and must be refunded)', () => {
    const wronglyCaptured = authorization({ decision: held, seen: false });
    expect(moneyFigures('after', [wronglyCaptured]).feesLostOnNeverSeenCents).toBe(39);
  });

  it('charges every payment before: refunds lose the fee, a call that never connected kept the money', () => {
    const figures = moneyFigures('before', [
      authorization({ caseIndex: 0, seen: true, decision: held }),
      authorization({ caseIndex: 1, decision: noShow }),
      authorization({ caseIndex: 2, decision: { action: 'void', why: 'expired' } }),
      authorization({ caseIndex: 3, decision: { action: 'void', why: 'never_connected' } }),
    ]);
    expect(figures).toMatchObject({
      feesOnSeenCents: 39,
      feesLostOnNeverSeenCents: 2 * 39,
      chargedNeverSeen: 1,
      chargedNeverSeenCents: 299,
    });
  });
});

describe('refundedBeforeIssue28', () => {
  it('refunded what ended cancelled, kept what ended completed', () => {
    expect(refundedBeforeIssue28(noShow)).toBe(true);
    expect(refundedBeforeIssue28({ action: 'void', why: 'nurse_visit_not_reached' })).toBe(true);
    expect(refundedBeforeIssue28({ action: 'void', why: 'never_connected' })).toBe(false);
    expect(refundedBeforeIssue28(held)).toBe(false);
  });
});
