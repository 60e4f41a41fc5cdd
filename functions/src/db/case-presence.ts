// The case's keys without its record schema, which `$disconnect` does not bundle.
import { caseKey } from './cases/keys';
import { conditionalUpdateReturning } from './table';

/** What the presence push needs of a case: who holds it, and in which status. */
export interface SeenCase {
  claimedBy: string | null;
  status: string;
  /** While claimed: when the claim lease ends (a lapsed claim holds nothing). */
  leaseEndsAt: string | null;
  patientSeenAt: string;
}

/**
 * Access pattern: a patient page of the case connected or closed (issue 27): its `patientSeenAt`
 * is set to `at` and `patientPresent` to whether a patient page is still open, and the case's
 * claim and status answered in the same request. Null for an unknown case. Read field by field,
 * without the case's schema: `$disconnect` calls this.
 */
export async function recordPatientSeen(
  caseId: string,
  at: Date,
  present: boolean,
): Promise<SeenCase | null> {
  const item = await conditionalUpdateReturning(caseKey(caseId), {
    UpdateExpression: 'SET patientSeenAt = :at, patientPresent = :present',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':present': present },
  });
  if (!item || typeof item.status !== 'string') return null;
  return {
    claimedBy: typeof item.claimedBy === 'string' ? item.claimedBy : null,
    status: item.status,
    leaseEndsAt: typeof item.leaseEndsAt === 'string' ? item.leaseEndsAt : null,
    patientSeenAt: at.toISOString(),
  };
}
