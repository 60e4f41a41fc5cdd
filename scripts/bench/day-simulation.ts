import { estimateWait, type WaitEstimate } from '@shared/cases/wait-estimate';
import {
  DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES,
  DEFAULT_MEDIAN_CONSULTATION_MINUTES,
} from '@shared/cases/wait-estimate';
import { consultationHeld, type SettlementDecision } from '@shared/payments/money';

/**
 * The bench's simulated day (issue 28): one day's event log (day-log.ts) run through the queue
 * under a payment rule, event by event. Every wait comes out of the queue (FIFO, a doctor on
 * duty takes the next case when free, after a claim delay), none is drawn; every settlement
 * comes from the product's rules (`consultationHeld`, the settlement reasons). Pure and
 * deterministic: the same log and rules give the same outcome. Times are minutes after the
 * day's midnight.
 */

/** One patient's request as the log holds it: when they paid, and what they and the call will do. */
export interface Arrival {
  /** Minutes after midnight the patient first authorized the payment. */
  at: number;
  kind: 'video' | 'nurse_visit';
  /** How long the patient stays on the page waiting; after that they are gone. */
  patienceMinutes: number;
  /** When the wait promise lapses and they are still there: do they authorize again. */
  keepsWaiting: boolean;
  /** Present when the doctor starts: do they enter the room. */
  joinsRoom: boolean;
  /** In the room: does the call connect (media both ways), so that the consultation takes place. */
  callConnects: boolean;
  /** A call that does not connect: how long both were connected before it failed (< 60 s). */
  blipSeconds: number;
  /** A consultation that takes place: its length (the meeting lasts at most 15 minutes). */
  consultationMinutes: number;
  /** From a doctor free with this case next in the queue to the claim. */
  claimDelayMinutes: number;
  /** From the claim to the start (the doctor opens the case and presses start). */
  startDelayMinutes: number;
  /** A call with no consultation (no-show, never connected): how long the doctor stays in it. */
  doctorStaysMinutes: number;
  /** A home nurse visit (outside the doctors' queue): whether the nurse reached the patient. */
  nurseReached: boolean;
}

/** One doctor's shift: on duty (dashboard open and used) from start to end. */
export interface Shift {
  start: number;
  end: number;
}

export interface DayLog {
  seed: number;
  arrivals: Arrival[];
  shifts: Shift[];
}

export interface DayRules {
  /** The wait promise (null: the rule before issue 28, no promise). */
  waitPromiseMinutes: number | null;
  captureAfterConnectedSeconds: number;
  /** `CASE_EXPIRY_SECONDS` / 60: the outer limit. */
  caseExpiryMinutes: number;
  /** How many recent samples the rolling medians keep (the server keeps 51). */
  medianWindow: number;
  /**
   * Where a claim delay sample starts: at the payment (the case ready, as the estimate part's
   * server records it: it then includes the wait behind the cases ahead), or when a doctor was
   * free with the case next in line (what the estimator's cycle means by a claim delay).
   */
  claimDelayFrom: 'payment' | 'doctor_free';
}

/** One authorization of the payment (a case authorized again after a lapse has several). */
export interface Authorization {
  caseIndex: number;
  /** 1 for the first payment, 2 after one "Keep waiting"… */
  attempt: number;
  kind: Arrival['kind'];
  paidAt: number;
  /** What the patient was told at payment (null: nobody on duty, or a nurse visit). */
  estimate: WaitEstimate | null;
  aheadInQueue: number;
  doctorsOnDuty: number;
  startedAt: number | null;
  /** Whether the patient entered the room (null: no call started). */
  patientJoined: boolean | null;
  /** The truth of the log: the consultation (or the nurse visit) took place. */
  seen: boolean;
  decision: SettlementDecision;
}

/** How long a patient takes to authorize again after pressing "Keep waiting". */
export const REAUTHORIZE_MINUTES = 1;

/** The last `window` samples; their median, or the fallback before any. */
export class RollingMedian {
  private readonly samples: number[] = [];

  constructor(
    private readonly window: number,
    private readonly fallback: number,
  ) {}

  add(sample: number): void {
    this.samples.push(sample);
    if (this.samples.length > this.window) this.samples.shift();
  }

  median(): number {
    if (this.samples.length === 0) return this.fallback;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
}

/**
 * The settlement of a call, by the product's rule: captured when both parties were connected
 * long enough for the consultation to count as held; otherwise voided, as a no-show when the
 * patient never entered the room.
 */
export function callSettlement(
  patientJoined: boolean,
  bothConnectedSeconds: number,
  captureAfterConnectedSeconds: number,
): SettlementDecision {
  if (!patientJoined) return { action: 'void', why: 'patient_no_show' };
  return consultationHeld(bothConnectedSeconds, captureAfterConnectedSeconds)
    ? { action: 'capture', why: 'consultation_held' }
    : { action: 'void', why: 'never_connected' };
}

/** A started call is settled at once: the log already says how it went. */
type AuthorizationState = 'queued' | 'targeted' | 'claimed' | 'closed';

interface Doctor {
  shift: Shift;
  idleSince: number;
  busy: boolean;
}

interface Running {
  record: Authorization;
  arrival: Arrival;
  state: AuthorizationState;
}

type SimEvent =
  | { type: 'pay'; caseIndex: number; attempt: number }
  | { type: 'shift'; doctor: Doctor }
  | { type: 'claim'; doctor: Doctor; auth: Running }
  | { type: 'start'; doctor: Doctor; auth: Running }
  | { type: 'free'; doctor: Doctor }
  | { type: 'promise'; auth: Running }
  | { type: 'expiry'; auth: Running };

/** Events by time, then by the order they were scheduled (a stable, deterministic tie-break). */
class EventQueue {
  private readonly heap: { at: number; order: number; event: SimEvent }[] = [];
  private scheduled = 0;

  push(at: number, event: SimEvent): void {
    const heap = this.heap;
    heap.push({ at, order: this.scheduled++, event });
    let child = heap.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(child, parent)) break;
      [heap[child], heap[parent]] = [heap[parent]!, heap[child]!];
      child = parent;
    }
  }

  pop(): { at: number; event: SimEvent } | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let parent = 0;
      for (;;) {
        const left = parent * 2 + 1;
        const right = left + 1;
        let first = parent;
        if (left < heap.length && this.before(left, first)) first = left;
        if (right < heap.length && this.before(right, first)) first = right;
        if (first === parent) break;
        [heap[first], heap[parent]] = [heap[parent]!, heap[first]!];
        parent = first;
      }
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.at < y.at || (x.at === y.at && x.order < y.order);
  }
}

/** Runs the log under the rules; the authorizations in the order they were made. */
export function simulateDay(log: DayLog, rules: DayRules): Authorization[] {
  const events = new EventQueue();
  const doctors = log.shifts.map((shift) => ({ shift, idleSince: shift.start, busy: false }));
  const queue: Running[] = [];
  const authorizations: Authorization[] = [];
  const consultations = new RollingMedian(rules.medianWindow, DEFAULT_MEDIAN_CONSULTATION_MINUTES);
  const claimDelays = new RollingMedian(rules.medianWindow, DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES);

  const onDuty = (doctor: Doctor, now: number) =>
    doctor.shift.start <= now && now < doctor.shift.end;
  const leaveQueue = (auth: Running) => queue.splice(queue.indexOf(auth), 1);
  const close = (auth: Running, decision: SettlementDecision) => {
    if (queue.includes(auth)) leaveQueue(auth);
    auth.state = 'closed';
    auth.record.decision = decision;
  };
  const free = (doctor: Doctor, now: number) => {
    doctor.busy = false;
    doctor.idleSince = now;
  };

  /** Every idle doctor on duty, longest idle first, takes the next case nobody is taking. */
  const dispatch = (now: number) => {
    const idle = doctors
      .filter((doctor) => !doctor.busy && onDuty(doctor, now))
      .sort((a, b) => a.idleSince - b.idleSince);
    for (const doctor of idle) {
      const next = queue.find((auth) => auth.state === 'queued');
      if (!next) return;
      next.state = 'targeted';
      doctor.busy = true;
      events.push(now + next.arrival.claimDelayMinutes, { type: 'claim', doctor, auth: next });
    }
  };

  const pay = (now: number, caseIndex: number, attempt: number) => {
    const arrival = log.arrivals[caseIndex]!;
    const record: Authorization = {
      caseIndex,
      attempt,
      kind: arrival.kind,
      paidAt: now,
      estimate: null,
      aheadInQueue: 0,
      doctorsOnDuty: doctors.filter((doctor) => onDuty(doctor, now)).length,
      startedAt: null,
      patientJoined: null,
      seen: false,
      // Replaced when the authorization is settled; every one is by the end of the run.
      decision: { action: 'void', why: 'authorization_expired' },
    };
    authorizations.push(record);
    const auth: Running = { record, arrival, state: 'queued' };
    if (arrival.kind === 'nurse_visit') {
      // A nurse arranges the visit outside the doctors' queue (docs/adr/0022).
      record.seen = arrival.nurseReached;
      close(
        auth,
        arrival.nurseReached
          ? { action: 'capture', why: 'nurse_visit_done' }
          : { action: 'void', why: 'nurse_visit_not_reached' },
      );
      return;
    }
    // Unclaimed cases ahead: a case a doctor is about to claim is still in the queue.
    record.aheadInQueue = queue.filter((other) => other.state !== 'claimed').length;
    record.estimate = estimateWait({
      aheadInQueue: record.aheadInQueue,
      doctorsOnDuty: record.doctorsOnDuty,
      medianConsultationMinutes: consultations.median(),
      medianClaimDelayMinutes: claimDelays.median(),
    });
    queue.push(auth);
    if (rules.waitPromiseMinutes !== null) {
      events.push(now + rules.waitPromiseMinutes, { type: 'promise', auth });
    }
    events.push(now + rules.caseExpiryMinutes, { type: 'expiry', auth });
  };

  const start = (now: number, doctor: Doctor, auth: Running) => {
    const { arrival, record } = auth;
    record.startedAt = now;
    const present = now < log.arrivals[record.caseIndex]!.at + arrival.patienceMinutes;
    const joined = present && arrival.joinsRoom;
    const connectedSeconds = !joined
      ? 0
      : arrival.callConnects
        ? arrival.consultationMinutes * 60
        : arrival.blipSeconds;
    record.patientJoined = joined;
    record.seen = joined && arrival.callConnects;
    close(auth, callSettlement(joined, connectedSeconds, rules.captureAfterConnectedSeconds));
    const callMinutes = record.seen ? arrival.consultationMinutes : arrival.doctorStaysMinutes;
    // The server's median is of completed calls: the patient entered the room.
    if (joined) consultations.add(callMinutes);
    events.push(now + callMinutes, { type: 'free', doctor });
  };

  log.arrivals.forEach((arrival, caseIndex) =>
    events.push(arrival.at, { type: 'pay', caseIndex, attempt: 1 }),
  );
  for (const doctor of doctors) events.push(doctor.shift.start, { type: 'shift', doctor });

  for (let next = events.pop(); next; next = events.pop()) {
    const { at: now, event } = next;
    switch (event.type) {
      case 'pay':
        pay(now, event.caseIndex, event.attempt);
        break;
      case 'shift':
        break;
      case 'claim':
        if (event.auth.state === 'targeted') {
          event.auth.state = 'claimed';
          const readyAt = event.auth.record.paidAt;
          claimDelays.add(
            now -
              (rules.claimDelayFrom === 'payment'
                ? readyAt
                : Math.max(readyAt, event.doctor.idleSince)),
          );
          events.push(now + event.auth.arrival.startDelayMinutes, {
            type: 'start',
            doctor: event.doctor,
            auth: event.auth,
          });
        } else {
          free(event.doctor, now);
        }
        break;
      case 'start':
        if (event.auth.state === 'claimed') start(now, event.doctor, event.auth);
        else free(event.doctor, now);
        break;
      case 'free':
        free(event.doctor, now);
        break;
      case 'promise': {
        const { auth } = event;
        if (auth.state === 'closed') break;
        // No doctor started it within the promise: voided, the claim (if any) released.
        close(auth, { action: 'void', why: 'wait_promise' });
        const first = log.arrivals[auth.record.caseIndex]!;
        if (now < first.at + auth.arrival.patienceMinutes && auth.arrival.keepsWaiting) {
          events.push(now + REAUTHORIZE_MINUTES, {
            type: 'pay',
            caseIndex: auth.record.caseIndex,
            attempt: auth.record.attempt + 1,
          });
        }
        break;
      }
      case 'expiry':
        if (event.auth.state !== 'closed') {
          close(event.auth, { action: 'void', why: 'expired' });
        }
        break;
    }
    dispatch(now);
  }
  return authorizations;
}
