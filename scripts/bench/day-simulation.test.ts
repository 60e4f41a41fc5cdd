import { describe, expect, it } from 'vitest';
import { estimateWait } from '@shared/cases/wait-estimate';
import { generateDayLog, shiftsFromRoster } from './day-log';
import {
  callSettlement,
  RollingMedian,
  simulateDay,
  type Arrival,
  type DayLog,
  type DayRules,
} from './day-simulation';
import { moneyFigures } from './day-figures';
import { seededRandom } from './seeded-random';

const rules: DayRules = {
  waitPromiseMinutes: 30,
  captureAfterConnectedSeconds: 60,
  caseExpiryMinutes: 24 * 60,
  medianWindow: 51,
  claimDelayFrom: 'doctor_free',
};
const before: DayRules = { ...rules, waitPromiseMinutes: null };

/** A patient who stays, comes into the room and has a 10-minute consultation. */
function arrival(at: number, overrides: Partial<Arrival> = {}): Arrival {
  return {
    at,
    kind: 'video',
    patienceMinutes: 600,
    keepsWaiting: false,
    joinsRoom: true,
    callConnects: true,
    blipSeconds: 20,
    consultationMinutes: 10,
    claimDelayMinutes: 1,
    startDelayMinutes: 0.5,
    doctorStaysMinutes: 5,
    nurseReached: true,
    ...overrides,
  };
}

const oneDoctorAllDay = [{ start: 0, end: 48 * 60 }];
const day = (arrivals: Arrival[], shifts = oneDoctorAllDay): DayLog => ({
  seed: 0,
  arrivals,
  shifts,
});

describe('generateDayLog', () => {
  it('gives the same day for the same seed, and another day for another seed', () => {
    expect(generateDayLog(28)).toEqual(generateDayLog(28));
    expect(generateDayLog(28)).not.toEqual(generateDayLog(29));
  });

  it('makes a busier day with the same doctors', () => {
    const busier = generateDayLog(28, 1.5);
    expect(busier.arrivals.length).toBeGreaterThan(generateDayLog(28).arrivals.length * 1.3);
    expect(busier.shifts.length).toBe(generateDayLog(28).shifts.length);
  });

  it('draws a realistic day: a few hundred cases in time order, and hours with nobody on duty', () => {
    const log = generateDayLog(28);
    expect(log.arrivals.length).toBeGreaterThan(300);
    expect(log.arrivals.length).toBeLessThan(600);
    const times = log.arrivals.map((one) => one.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const onDutyAt = (minute: number) =>
      log.shifts.filter((shift) => shift.start <= minute && minute < shift.end).length;
    expect(onDutyAt(3 * 60)).toBe(0);
    expect(onDutyAt(19 * 60 + 30)).toBe(6);
  });
});

describe('shiftsFromRoster', () => {
  it('starts a shift when the count rises and ends the longest-running when it falls', () => {
    const noJitter = () => 0.5; // uniform(-10, 10) at 0.5 is 0
    expect(shiftsFromRoster([1, 2, 0], 1, noJitter)).toEqual([
      { start: 0, end: 120 },
      { start: 60, end: 120 },
    ]);
  });
});

describe('simulateDay', () => {
  it('is deterministic: the same log and rules give the same outcome', () => {
    const log = generateDayLog(7);
    expect(simulateDay(log, rules)).toEqual(simulateDay(log, rules));
  });

  it('produces the waits from the queue: the second case waits for the first consultation', () => {
    const [first, second] = simulateDay(day([arrival(0), arrival(0)]), rules);
    // Claimed after 1 minute, started half a minute later.
    expect(first!.startedAt).toBe(1.5);
    // The doctor is free again at 11.5, claims at 12.5, starts at 13.
    expect(second!.startedAt).toBe(13);
    expect(second!.aheadInQueue).toBe(1);
    // No consultation measured yet: the estimate uses the default medians.
    expect(second!.estimate).toEqual(
      estimateWait({
        aheadInQueue: 1,
        doctorsOnDuty: 1,
        medianConsultationMinutes: 15,
        medianClaimDelayMinutes: 2,
      }),
    );
  });

  it('estimates from the medians of the consultations and claims measured so far', () => {
    const outcome = simulateDay(
      day([arrival(0, { consultationMinutes: 4, claimDelayMinutes: 3 }), arrival(60)]),
      rules,
    );
    expect(outcome[1]!.estimate).toEqual(
      estimateWait({
        aheadInQueue: 0,
        doctorsOnDuty: 1,
        medianConsultationMinutes: 4,
        medianClaimDelayMinutes: 3,
      }),
    );
  });

  it('measures a claim delay from the payment (queue wait included) or from a doctor free', () => {
    const log = day([arrival(0), arrival(0), arrival(60)]);
    // Claims at 1 (paid at 0, the doctor free since 0) and 12.5 (paid at 0, free since 11.5).
    const estimateFor = (claimDelayFrom: DayRules['claimDelayFrom']) =>
      simulateDay(log, { ...rules, claimDelayFrom })[2]!.estimate;
    const withMedians = (medianClaimDelayMinutes: number) =>
      estimateWait({
        aheadInQueue: 0,
        doctorsOnDuty: 1,
        medianConsultationMinutes: 10,
        medianClaimDelayMinutes,
      });
    expect(estimateFor('doctor_free')).toEqual(withMedians(1));
    expect(estimateFor('payment')).toEqual(withMedians((1 + 12.5) / 2));
    expect(withMedians(1)).not.toEqual(withMedians((1 + 12.5) / 2));
  });

  it('captures every consultation held: no fee lost before or after', () => {
    const log = day([arrival(0), arrival(5), arrival(30)]);
    const afterDay = simulateDay(log, rules);
    expect(afterDay.map((auth) => auth.decision)).toEqual(
      Array(3).fill({ action: 'capture', why: 'consultation_held' }),
    );
    for (const figures of [
      moneyFigures('before', simulateDay(log, before)),
      moneyFigures('after', afterDay),
    ]) {
      expect(figures).toMatchObject({ seen: 3, neverSeen: 0, feesLostOnNeverSeenCents: 0 });
      expect(figures.feesOnSeenCents).toBe(3 * 39);
    }
  });

  it('voids every no-show: 39¢ each lost before, nothing after', () => {
    const log = day([0, 20, 40].map((at) => arrival(at, { joinsRoom: false })));
    const afterDay = simulateDay(log, rules);
    expect(afterDay.map((auth) => auth.decision)).toEqual(
      Array(3).fill({ action: 'void', why: 'patient_no_show' }),
    );
    expect(moneyFigures('before', simulateDay(log, before))).toMatchObject({
      neverSeen: 3,
      feesLostOnNeverSeenCents: 3 * 39,
    });
    expect(moneyFigures('after', afterDay)).toMatchObject({
      neverSeen: 3,
      feesLostOnNeverSeenCents: 0,
      chargedNeverSeen: 0,
    });
  });

  it('treats a patient gone before the start as a no-show', () => {
    const [auth] = simulateDay(day([arrival(0, { patienceMinutes: 1 })]), rules);
    expect(auth).toMatchObject({ patientJoined: false, seen: false });
    expect(auth!.decision).toEqual({ action: 'void', why: 'patient_no_show' });
  });

  it('voids a call that never connected; before, it was kept as completed', () => {
    const log = day([arrival(0, { callConnects: false, blipSeconds: 45 })]);
    expect(simulateDay(log, rules)[0]!.decision).toEqual({
      action: 'void',
      why: 'never_connected',
    });
    expect(moneyFigures('before', simulateDay(log, before))).toMatchObject({
      feesLostOnNeverSeenCents: 0,
      chargedNeverSeen: 1,
      chargedNeverSeenCents: 299,
    });
  });

  it('voids at the wait promise with nobody on duty, and authorizes again for a patient who keeps waiting', () => {
    const log = day(
      [arrival(0, { keepsWaiting: true, patienceMinutes: 45 }), arrival(10)],
      [{ start: 120, end: 240 }],
    );
    const outcome = simulateDay(log, rules);
    expect(outcome.map((auth) => [auth.caseIndex, auth.attempt, auth.paidAt])).toEqual([
      [0, 1, 0],
      [1, 1, 10],
      [0, 2, 31],
      // Gone at 45: no third authorization.
    ]);
    expect(outcome.every((auth) => auth.estimate === null)).toBe(true);
    expect(outcome.map((auth) => auth.decision.why)).toEqual(Array(3).fill('wait_promise'));
  });

  it('releases a claimed case whose promise lapses before the start', () => {
    const log = day([arrival(0, { claimDelayMinutes: 29, startDelayMinutes: 5 }), arrival(10)]);
    const [lapsed, next] = simulateDay(log, rules);
    expect(lapsed).toMatchObject({ startedAt: null, decision: { why: 'wait_promise' } });
    // The doctor is free at 34 (the start found the case lapsed) and takes the next case.
    expect(next!.startedAt).toBe(35.5);
  });

  it('expires a case nobody took within the outer limit under the rule before', () => {
    const log = day([arrival(0)], []);
    const [auth] = simulateDay(log, before);
    expect(auth!.decision).toEqual({ action: 'void', why: 'expired' });
    expect(moneyFigures('before', [auth!])).toMatchObject({ feesLostOnNeverSeenCents: 39 });
  });

  it('settles a nurse visit outside the queue, by its outcome', () => {
    const log = day([
      arrival(0, { kind: 'nurse_visit', nurseReached: true }),
      arrival(0, { kind: 'nurse_visit', nurseReached: false }),
    ]);
    expect(simulateDay(log, rules).map((auth) => auth.decision)).toEqual([
      { action: 'capture', why: 'nurse_visit_done' },
      { action: 'void', why: 'nurse_visit_not_reached' },
    ]);
  });
});

describe('callSettlement', () => {
  it('captures only when both were connected for the minimum', () => {
    expect(callSettlement(true, 60, 60)).toEqual({ action: 'capture', why: 'consultation_held' });
    expect(callSettlement(true, 59, 60)).toEqual({ action: 'void', why: 'never_connected' });
    expect(callSettlement(false, 600, 60)).toEqual({ action: 'void', why: 'patient_no_show' });
  });
});

describe('RollingMedian', () => {
  it('answers the fallback before any sample, then the median of the last window', () => {
    const rolling = new RollingMedian(3, 15);
    expect(rolling.median()).toBe(15);
    for (const sample of [1, 100, 2]) rolling.add(sample);
    expect(rolling.median()).toBe(2);
    rolling.add(50); // 1 leaves the window: 100, 2, 50
    expect(rolling.median()).toBe(50);
  });
});

describe('seededRandom', () => {
  it('repeats its stream for a seed and stays within [0, 1)', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(draws.every((draw) => draw >= 0 && draw < 1)).toBe(true);
  });
});
