import { listEntry, lists, type ItemKey } from './keys';
import { countQuery } from './table';
import { removeTx, updateTx, type TransactItem } from './transaction';

/**
 * The live leases of claims, by lease end (issue 29 item 1, docs/adr/0027): one small item per
 * claimed video consultation whose meeting has not started, in the `gsi1` list `CLAIM_LEASES`
 * sorted by `leaseEndsAt`. A claim whose lease ended reads as available at once
 * (features/cases/claim-lease.ts), before the Scheduler's release stores it as paid again; the
 * dashboards count those from this list, whose key condition (`gsi1sk` up to now) reads only the
 * lapsed ones: a few, for the minute until their release runs. The item is written in the claim's
 * transaction and removed in the transaction of whatever ends the claim (release, start,
 * expiry, lapsed wait promise); a new claim of a lapsed one overwrites it.
 */
export const CLAIM_LEASE_ENTITY = 'ClaimLease';
const CLAIM_LEASES = lists.claimLeases;

export const CLAIM_LEASE_PREFIX = 'CLAIM_LEASE#';
export const claimLeaseKey = (caseId: string): ItemKey => ({
  pk: `${CLAIM_LEASE_PREFIX}${caseId}`,
  sk: 'LEASE',
});

/** The case's lease, ending at `leaseEndsAt`, as a transaction item of its claim. */
export function claimLeaseTx(caseId: string, leaseEndsAt: string): TransactItem {
  const entry = listEntry(CLAIM_LEASES, leaseEndsAt, caseId);
  return updateTx(claimLeaseKey(caseId), {
    UpdateExpression: 'SET gsi1pk = :list, gsi1sk = :place, entity = :entity',
    ExpressionAttributeValues: {
      ':list': entry.gsi1pk,
      ':place': entry.gsi1sk,
      ':entity': CLAIM_LEASE_ENTITY,
    },
  });
}

/** The case's lease gone (whether or not one was stored), as a transaction item. */
export const claimLeaseEndedTx = (caseId: string): TransactItem => removeTx(claimLeaseKey(caseId));

/**
 * Access pattern: how many claims' leases ended at or before `now` and are still stored
 * (`Select: COUNT` of `gsi1` `CLAIM_LEASES` with `gsi1sk` ≤ now: only the lapsed entries are
 * read, none of the live ones).
 */
export function countLapsedLeases(now: Date): Promise<number> {
  return countQuery({
    IndexName: 'gsi1',
    // Every place is `{leaseEndsAt}#{caseId}`: '~' sorts after every id character, so a lease
    // ending exactly at `now` is counted, as `claimLeaseLapsed` reads it.
    KeyConditionExpression: 'gsi1pk = :list AND gsi1sk <= :upTo',
    ExpressionAttributeValues: { ':list': CLAIM_LEASES, ':upTo': `${now.toISOString()}#~` },
  });
}
