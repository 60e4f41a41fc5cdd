import * as z from 'zod';

/** Stored case statuses: the one state machine of DESIGN.md §5. */
export const caseStatuses = [
  'awaiting_payment',
  'paid',
  'claimed',
  'in_call',
  'completed',
  'expired',
  'cancelled',
] as const;
export const caseStatusSchema = z.enum(caseStatuses);
export type CaseStatus = z.infer<typeof caseStatusSchema>;

/**
 * Statuses in which the patient's join link is handed out (issue 27 item 6): an expired,
 * cancelled or completed case has no call to join, whatever its meeting record still says.
 */
const joinableCaseStatuses: ReadonlySet<CaseStatus> = new Set<CaseStatus>([
  'paid',
  'claimed',
  'in_call',
]);

export function isJoinableCaseStatus(status: CaseStatus): boolean {
  return joinableCaseStatuses.has(status);
}

/** A case whose consultation is over or will never happen: its pages offer no Join. */
export function isClosedCaseStatus(status: CaseStatus): boolean {
  return status === 'completed' || status === 'expired' || status === 'cancelled';
}

/** Admin case list vocabulary (spec doc 2 §4), derived from the stored status. */
export const adminCaseStatuses = [
  'pending',
  'assigned',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type AdminCaseStatus = (typeof adminCaseStatuses)[number];

export const adminCaseStatusOf: Record<CaseStatus, AdminCaseStatus> = {
  awaiting_payment: 'pending',
  paid: 'pending',
  claimed: 'assigned',
  in_call: 'in_progress',
  completed: 'completed',
  expired: 'cancelled',
  cancelled: 'cancelled',
};

/**
 * Visit page label per stored status (spec doc 1 §4); any other value reads 'Preparing...', except
 * a cancelled case, which is over and must not look like one being prepared (issue 27).
 */
export function patientCaseLabel(status: string): string {
  switch (status) {
    case 'paid':
      return 'Waiting for Provider';
    case 'in_call':
      return 'Consultation Active';
    case 'completed':
      return 'Consultation Ended';
    case 'expired':
      return 'Session Expired';
    case 'cancelled':
      return 'Consultation Cancelled';
    default:
      return 'Preparing...';
  }
}

/** Provider dashboard label per stored status (spec doc 2 §4). */
export function providerCaseLabel(status: string): string {
  switch (status) {
    case 'paid':
      return 'Ready for Care';
    case 'claimed':
      return 'In Progress';
    case 'in_call':
      return 'Meeting Active';
    case 'completed':
      return 'Completed';
    default:
      return status;
  }
}
