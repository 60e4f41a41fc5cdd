import { assumptions } from '../capacity';
import { consultsPerSecond } from './sockets';

/**
 * EventBridge Scheduler and SES at the design load (issue 29 item 2). The stack creates one-time
 * schedules per case, each deleted by Scheduler once it has run (functions/src/lib/scheduler.ts):
 * - `case-expiry-{caseId}`: one when the case is paid (cases/case-expiry-schedule.ts);
 * - `wait-promise-{caseId}-{n}`: one per authorization, "Keep waiting" makes another
 *   (cases/wait-promise-schedule.ts);
 * - `claim-release-{caseId}-{t}`: one per claim with a lease (cases/claim-release.ts);
 * - `meeting-end-{meetingId}`: one per call started, moved for a dropped call's extension,
 *   deleted when the call ends early (meetings/end-schedule.ts);
 * - `meeting-join-check-{meetingId}-{t}`: one per call started (meetings/provider-join-check.ts);
 * - the settlement's retry (payments/settlement.ts): only when Stripe failed, not in the steady
 *   state.
 */
export const scheduleAssumptions = {
  /** expiry, wait promise, claim release, meeting end, join check. */
  schedulesCreatedPerConsult: 5,
  /** The meeting end of a call that ends before its 15 minutes: at most one. */
  schedulesDeletedPerConsult: 1,
  /**
   * Schedules that fire per consult: the expiry, the wait promise and the claim release run
   * and find nothing to do once the call started; the join check runs; the meeting end runs
   * unless deleted.
   */
  invocationsPerConsult: 5,
  /**
   * Emails: the stack sends one per reviewed doctor application (admin/review-handler.ts) and
   * none to patients. Reviews are an admin's pace: a hundred a day is a busy recruiting week.
   */
  applicationReviewsPerDay: 100,
} as const;

/** Scheduler's request and invocation rates at the design load. */
export function schedulerRates(waitingPatients: number = assumptions.waitingPatients) {
  const consults = consultsPerSecond(waitingPatients);
  return {
    creates: consults * scheduleAssumptions.schedulesCreatedPerConsult,
    deletes: consults * scheduleAssumptions.schedulesDeletedPerConsult,
    invocations: consults * scheduleAssumptions.invocationsPerConsult,
  };
}

/** SES emails per day: one per reviewed application, whatever the number of patients. */
export function emailsPerDay(): number {
  return scheduleAssumptions.applicationReviewsPerDay;
}
