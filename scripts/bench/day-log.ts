import type { Arrival, DayLog, Shift } from './day-simulation';
import { chance, logNormal, poisson, seededRandom, uniform, type Random } from './seeded-random';

/**
 * The bench's own event log of one day (issue 28): who pays when, what each patient and call
 * will do, and the doctors' shifts. Drawn from a seeded stream, so a seed names a day. The
 * shapes are judgements written down here, not measurements: a telehealth day with a morning
 * and an evening peak, quiet nights, and hours before dawn with nobody on duty.
 */

/** Mean payments per hour of the day, 00:00 to 23:00 (≈ 384 a day). */
export const ARRIVALS_PER_HOUR = [
  8, 5, 3, 2, 2, 4, 8, 12, 20, 24, 25, 24, 22, 20, 19, 19, 20, 23, 27, 28, 25, 20, 14, 10,
] as const;

/** Doctors on duty per hour of the day; none from 02:00 to 05:00. */
export const DOCTORS_PER_HOUR = [
  2, 1, 0, 0, 0, 1, 1, 2, 4, 5, 5, 5, 4, 4, 4, 4, 4, 5, 6, 6, 5, 4, 3, 2,
] as const;

/** The behaviour of patients and calls, as shares and medians. */
export const dayShape = {
  nurseVisitShare: 0.05,
  nurseReachedShare: 0.9,
  /** Minutes a patient stays on the page: median and log spread (≈ 1 in 5 leaves within 30). */
  patience: { median: 60, sigma: 0.8 },
  keepsWaitingShare: 0.6,
  /** A patient who is there when the doctor starts and still does not come into the room. */
  joinsRoomShare: 0.95,
  callConnectsShare: 0.96,
  consultation: { median: 9, sigma: 0.35, min: 2, max: 15 },
  claimDelay: { median: 1.5, sigma: 0.6, max: 10 },
  startDelay: { median: 0.5, sigma: 0.5, max: 3 },
  /** The doctor in a call with no consultation, before ending it (the meeting ends at 15). */
  doctorStays: { median: 5, sigma: 0.4, max: 15 },
  /** A shift starts or ends up to this many minutes either side of the hour. */
  shiftJitterMinutes: 10,
} as const;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function drawArrival(random: Random, at: number): Arrival {
  const shape = dayShape;
  return {
    at,
    kind: chance(random, shape.nurseVisitShare) ? 'nurse_visit' : 'video',
    patienceMinutes: logNormal(random, shape.patience.median, shape.patience.sigma),
    keepsWaiting: chance(random, shape.keepsWaitingShare),
    joinsRoom: chance(random, shape.joinsRoomShare),
    callConnects: chance(random, shape.callConnectsShare),
    // Under a minute: a call that connected for a moment and failed.
    blipSeconds: uniform(random, 0, 50),
    consultationMinutes: clamp(
      logNormal(random, shape.consultation.median, shape.consultation.sigma),
      shape.consultation.min,
      shape.consultation.max,
    ),
    claimDelayMinutes: Math.min(
      shape.claimDelay.max,
      logNormal(random, shape.claimDelay.median, shape.claimDelay.sigma),
    ),
    startDelayMinutes: Math.min(
      shape.startDelay.max,
      logNormal(random, shape.startDelay.median, shape.startDelay.sigma),
    ),
    doctorStaysMinutes: Math.min(
      shape.doctorStays.max,
      logNormal(random, shape.doctorStays.median, shape.doctorStays.sigma),
    ),
    nurseReached: chance(random, shape.nurseReachedShare),
  };
}

/**
 * Individual shifts from the hourly counts, over `days` days (the roster repeats, so the day's
 * last cases meet the next morning's doctors under a rule without a wait promise): a rise in
 * the count starts shifts, a fall ends the longest-running ones.
 */
export function shiftsFromRoster(
  perHour: readonly number[],
  days: number,
  random: Random,
): Shift[] {
  const shifts: Shift[] = [];
  const open: number[] = [];
  const jitter = () => uniform(random, -dayShape.shiftJitterMinutes, dayShape.shiftJitterMinutes);
  for (let hour = 0; hour < perHour.length * days; hour += 1) {
    const wanted = perHour[hour % perHour.length]!;
    while (open.length < wanted) open.push(Math.max(0, hour * 60 + (hour === 0 ? 0 : jitter())));
    while (open.length > wanted) shifts.push({ start: open.shift()!, end: hour * 60 + jitter() });
  }
  for (const start of open) shifts.push({ start, end: perHour.length * days * 60 });
  return shifts.sort((a, b) => a.start - b.start);
}

/**
 * The day of this seed: its payments in time order, and two days of shifts. `arrivalsScale`
 * makes a busier (or quieter) day with the same doctors.
 */
export function generateDayLog(seed: number, arrivalsScale = 1): DayLog {
  const random = seededRandom(seed);
  const arrivals: Arrival[] = [];
  ARRIVALS_PER_HOUR.forEach((mean, hour) => {
    const count = poisson(random, mean * arrivalsScale);
    const times = Array.from({ length: count }, () => (hour + random()) * 60);
    for (const at of times.sort((a, b) => a - b)) arrivals.push(drawArrival(random, at));
  });
  return { seed, arrivals, shifts: shiftsFromRoster(DOCTORS_PER_HOUR, 2, random) };
}
