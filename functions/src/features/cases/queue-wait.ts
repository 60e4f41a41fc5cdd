import type { CaseWaitResponse } from '@shared/cases/queue-wait';
import {
  DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES,
  DEFAULT_MEDIAN_CONSULTATION_MINUTES,
  estimateWait,
  type WaitEstimate,
} from '@shared/cases/wait-estimate';
import { recordWaitEstimateAtPayment } from '#db/cases/payment';
import { countWaitingAhead } from '#db/cases/queue';
import type { CaseRecord } from '#db/cases/record';
import { readQueueMarks, type QueueMark } from '#db/queue-fan-out';
import { readWaitStats } from '#db/wait-stats';
import { env } from '#core/env';
import { errorFields, type Logger } from '#lib/logger';
import { countDoctorsOnDuty, recentDoctorsOnDuty } from '../providers/on-duty';

/**
 * Whether a case waits in the queue for a doctor (issue 28 item 5): a paid telemedicine case, or
 * one whose claim's lease ended (a lapsed claim is available again, DESIGN.md §5). The same rule
 * as the queue index's count (db/cases/queue.ts `countWaitingAhead`), for the case itself.
 */
export function isWaitingCase(
  caseRecord: Pick<CaseRecord, 'status' | 'requestType' | 'paidAt' | 'leaseEndsAt'>,
  now: Date,
): caseRecord is typeof caseRecord & { paidAt: string } {
  if (caseRecord.requestType !== 'telemedicine' || !caseRecord.paidAt) return false;
  if (caseRecord.status === 'paid') return true;
  return (
    caseRecord.status === 'claimed' &&
    caseRecord.leaseEndsAt !== null &&
    caseRecord.leaseEndsAt <= now.toISOString()
  );
}

/** The median of the samples (minutes), or `fallback` before any sample was kept. */
export function medianMinutes(samples: readonly number[], fallback: number): number {
  if (samples.length === 0) return fallback;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** What every waiting case's estimate shares: the doctors on duty and the medians. */
export interface QueueConditions {
  doctorsOnDuty: number;
  medianConsultationMinutes: number;
  medianClaimDelayMinutes: number;
}

/**
 * The doctors on duty (`countDoctorsOnDuty`: the alert list) and the medians of the wait
 * statistics (one Query of `STATS#WAIT`), read side by side. `countOnDuty` is the fan-out's fresh
 * count by default; the route passes `recentDoctorsOnDuty` (one count per instance a few seconds).
 */
export async function readQueueConditions(
  now: Date,
  countOnDuty: (now: Date) => Promise<number> = countDoctorsOnDuty,
): Promise<QueueConditions> {
  const [doctorsOnDuty, stats] = await Promise.all([countOnDuty(now), readWaitStats()]);
  return {
    doctorsOnDuty,
    medianConsultationMinutes: medianMinutes(
      stats.consultationMinutes,
      DEFAULT_MEDIAN_CONSULTATION_MINUTES,
    ),
    medianClaimDelayMinutes: medianMinutes(
      stats.claimDelayMinutes,
      DEFAULT_MEDIAN_CLAIM_DELAY_MINUTES,
    ),
  };
}

/**
 * The answer for a case with `aheadInQueue` waiting cases ahead of it, or null when it does not
 * wait: its place, and the estimate (`estimateWait`, null with nobody on duty).
 */
export function waitAnswer(
  aheadInQueue: number | null,
  conditions: QueueConditions,
): CaseWaitResponse {
  return {
    place: aheadInQueue === null ? null : aheadInQueue + 1,
    aheadInQueue: aheadInQueue ?? 0,
    doctorsOnDuty: conditions.doctorsOnDuty,
    estimate: aheadInQueue === null ? null : estimateWait({ aheadInQueue, ...conditions }),
    waitPromiseMinutes: env.waitPromiseMinutes,
  };
}

/** The last mark at or before a queue sort key (marks are in queue order), or none. */
export function markBefore(marks: readonly QueueMark[], sortKey: string): QueueMark | undefined {
  let found: QueueMark | undefined;
  for (const mark of marks) {
    if (mark.sortKey > sortKey) break;
    found = mark;
  }
  return found;
}

/**
 * The waiting cases ahead of a waiting case (issue 29): from the marks of the queue's last
 * fan-out (db/queue-fan-out.ts, one GetItem), the nearest mark at or before the case's place
 * gives how many waited before it, and one COUNT Query of the small `queue` index counts the
 * waiting cases from that mark to the case: at most a mark's stride of cases (plus live claims)
 * whatever the queue's length. Exact when the queue did not change since that fan-out; after a
 * change, off by what changed before the mark until the next pass (within a second) pushes the
 * new place.
 */
async function waitingAhead(caseRecord: { id: string; paidAt: string }, now: Date) {
  const marks = await readQueueMarks();
  const ownPlace = `${caseRecord.paidAt}#${caseRecord.id}`;
  const mark = markBefore(marks, ownPlace);
  if (!mark) return countWaitingAhead(caseRecord, now);
  if (mark.sortKey === ownPlace) return mark.ahead;
  return mark.ahead + (await countWaitingAhead(caseRecord, now, mark.sortKey));
}

/**
 * Where a case stands (`GET /api/cases/{caseId}/wait`): its place (the waiting cases ahead + 1),
 * the doctors on duty and the estimate from the rolling medians. The place (only for a waiting
 * case, `waitingAhead`) beside `readQueueConditions` with the instance's recent duty count.
 */
export async function caseWaitOf(caseRecord: CaseRecord, now: Date): Promise<CaseWaitResponse> {
  const [aheadInQueue, conditions] = await Promise.all([
    isWaitingCase(caseRecord, now)
      ? waitingAhead({ id: caseRecord.id, paidAt: caseRecord.paidAt }, now)
      : null,
    readQueueConditions(now, recentDoctorsOnDuty),
  ]);
  return waitAnswer(aheadInQueue, conditions);
}

/**
 * Stores the estimate the patient's page shows right after payment (issue 28 item 5), to be
 * judged at the call's start. After the paid transaction and apart from it; a failure is logged
 * (the case stays paid; that consultation is simply not counted in the accuracy).
 */
export async function storeEstimateAtPayment(
  caseRecord: CaseRecord,
  paidAt: string,
  log: Logger,
): Promise<WaitEstimate | null> {
  try {
    const paid: CaseRecord = { ...caseRecord, status: 'paid', paidAt };
    const { estimate } = await caseWaitOf(paid, new Date());
    await recordWaitEstimateAtPayment(caseRecord.id, paidAt, estimate);
    return estimate;
  } catch (error) {
    log.warn('wait estimate at payment not stored', {
      caseId: caseRecord.id,
      ...errorFields(error),
    });
    return null;
  }
}
