/**
 * A provider's claim of a case (DESIGN.md §5) and the release of a claim whose lease lapsed:
 * the case's update with the waiting counter and the claim's lease item in one transaction.
 */
import { claimLeaseEndedTx, claimLeaseTx } from '../claim-leases';
import { updateTx, type TransactItem } from '../transaction';
import { waitingCountTx } from '../waiting-counter';
import { writtenUnlessCaseCondition } from './case-condition';
import { caseKey, providerCasesEntry } from './keys';

/**
 * A provider's hold on a case (DESIGN.md §5: a lease). A home nurse visit's claim has no lease
 * (`leaseEndsAt` null, docs/adr/0022): the nurse keeps it until the visit is done or not reached.
 */
export interface CaseClaim {
  providerId: string;
  providerName: string;
  claimedAt: string;
  leaseEndsAt: string | null;
}

/**
 * Access pattern: claim a case, as transaction items, the case's first (the claim writes the
 * provider's claim slot with them, db/claim-slots.ts). `from` is the case as read: `paid`, or
 * `lapsed`, a claim whose lease ended before `now` (available again). The write succeeds only
 * while the case still is what `from` says, so two providers can never both win, and the
 * waiting counter changes only when a paid case is taken (-1; db/waiting-counter.ts). A video
 * consultation stays in the queue index until its meeting starts, because its lease may lapse;
 * its lease item (db/claim-leases.ts) is written, or moved to the new lease end.
 */
export function claimCaseTxs(
  caseId: string,
  from: 'paid' | 'lapsed',
  claim: CaseClaim,
  now: Date,
): TransactItem[] {
  const own = providerCasesEntry(claim.providerId, 'ACTIVE', claim.claimedAt, caseId);
  // A claim without a lease (a nurse visit) can never read as available again: it leaves the
  // queue at once, as a started call does.
  const leavesQueue = claim.leaseEndsAt === null ? ' REMOVE gsi2pk, gsi2sk' : '';
  const caseClaimed = updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :claimed, claimedBy = :by, claimedByName = :name, claimedAt = :at, ' +
      'leaseEndsAt = :leaseEndsAt, lapsedClaimBy = :none, lapsedAt = :none, ' +
      'callOutcome = :none, gsi3pk = :own, gsi3sk = :ownSk' +
      leavesQueue,
    ConditionExpression:
      from === 'paid' ? '#status = :paid' : '#status = :claimed AND leaseEndsAt <= :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':claimed': 'claimed',
      ':by': claim.providerId,
      ':name': claim.providerName,
      ':at': claim.claimedAt,
      ':leaseEndsAt': claim.leaseEndsAt,
      ':none': null,
      ':own': own.gsi3pk,
      ':ownSk': own.gsi3sk,
      ...(from === 'paid' ? { ':paid': 'paid' } : { ':now': now.toISOString() }),
    },
  });
  return [
    caseClaimed,
    ...(from === 'paid' ? [waitingCountTx(caseId, -1)] : []),
    ...(claim.leaseEndsAt === null ? [] : [claimLeaseTx(caseId, claim.leaseEndsAt)]),
  ];
}

/**
 * Access pattern: release a lapsed claim, once. Only the same claim (provider and time) whose
 * lease has ended goes back to paid, so a late or repeated release never undoes a newer claim;
 * in the same transaction the case counts as waiting again and its lease item goes.
 * Returns false when there was nothing to release.
 */
export async function releaseClaimItem(
  caseId: string,
  claim: Pick<CaseClaim, 'providerId' | 'claimedAt'>,
  now: Date,
): Promise<boolean> {
  const released = updateTx(caseKey(caseId), {
    UpdateExpression:
      // `lapsedAt` takes the lease end before it is cleared: an update reads the item as it was.
      'SET #status = :paid, claimedBy = :none, claimedByName = :none, claimedAt = :none, ' +
      'leaseEndsAt = :none, lapsedClaimBy = :by, lapsedAt = leaseEndsAt REMOVE gsi3pk, gsi3sk',
    ConditionExpression:
      '#status = :claimed AND claimedBy = :by AND claimedAt = :at AND leaseEndsAt <= :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':claimed': 'claimed',
      ':none': null,
      ':by': claim.providerId,
      ':at': claim.claimedAt,
      ':now': now.toISOString(),
    },
  });
  return writtenUnlessCaseCondition([
    released,
    waitingCountTx(caseId, 1),
    claimLeaseEndedTx(caseId),
  ]);
}
