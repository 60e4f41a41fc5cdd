import { withinEstimate, type WaitEstimate } from '@shared/cases/wait-estimate';
import { addWaitSample, countEstimateOutcome, type WaitSampleKind } from '../../db/wait-stats';
import { errorFields, type Logger } from '../../lib/logger';

/** Minutes from one ISO time to another, to the hundredth (a sample, never shown as is). */
export function minutesBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 600) / 100;
}

/**
 * The wait statistics are an estimate's inputs, never a record: a failed write is logged with
 * the case id and never fails the claim, start or end that measured it.
 */
async function quietly(caseId: string, what: string, log: Logger, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    log.warn(`wait ${what} not recorded`, { caseId, ...errorFields(error) });
  }
}

async function addSample(kind: WaitSampleKind, caseId: string, minutes: number, log: Logger) {
  if (!Number.isFinite(minutes) || minutes < 0) return;
  await quietly(caseId, 'sample', log, async () => {
    if (!(await addWaitSample(kind, minutes))) log.warn('wait sample dropped', { caseId, kind });
  });
}

/**
 * A claim of a telemedicine case: its delay from the moment the case was ready (paid, or its
 * last claim lapsed) to the claim.
 */
export async function sampleClaimDelay(
  caseRecord: {
    id: string;
    requestType: string;
    paidAt: string | null;
    lapsedAt: string | null;
  },
  claimedAt: string,
  log: Logger,
): Promise<void> {
  const readyAt = caseRecord.lapsedAt ?? caseRecord.paidAt;
  if (caseRecord.requestType !== 'telemedicine' || !readyAt) return;
  await addSample('claimDelay', caseRecord.id, minutesBetween(readyAt, claimedAt), log);
}

/** A completed call: its length from the start to the end. */
export async function sampleConsultation(
  caseId: string,
  startedAt: string | null,
  endedAt: string,
  log: Logger,
): Promise<void> {
  if (!startedAt) return;
  await addSample('consultation', caseId, minutesBetween(startedAt, endedAt), log);
}

/**
 * A call's start judges the estimate given at payment (issue 28 item 5): the real wait is
 * `startedAt − paidAt`; counted once per start (the start's transaction is won once). A case
 * paid with nobody on duty had no estimate, and is not counted.
 */
export async function judgeEstimateAtStart(
  caseRecord: { id: string; paidAt: string | null; waitEstimateAtPayment: WaitEstimate | null },
  startedAt: string,
  log: Logger,
): Promise<void> {
  const estimate = caseRecord.waitEstimateAtPayment;
  if (!estimate || !caseRecord.paidAt) return;
  const within = withinEstimate(estimate, minutesBetween(caseRecord.paidAt, startedAt));
  await quietly(caseRecord.id, 'accuracy', log, () => countEstimateOutcome(within));
}
