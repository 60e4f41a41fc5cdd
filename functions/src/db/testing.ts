import { caseKey } from './cases/keys';
import { CASE_ENTITY } from './cases/record';
import { providerLoginKey } from './provider-logins';
import { deleteItem, IF_EXISTS, putItem, updateItem } from './table';
import {
  WAITING_COUNTER_SHARDS,
  waitingBaselineKey,
  waitingCounterShardKey,
} from './waiting-counter';

/**
 * Test only: stores a case item exactly as given, bypassing its record schema, so a test can
 * show what a broken stored item does (a 500 and an error log, never a 400). No handler or
 * script imports this module.
 */
export async function storeUncheckedCaseItem(
  caseId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  await putItem({ ...caseKey(caseId), entity: CASE_ENTITY, ...fields });
}

/** The time a test-only status change stamps, per status (a cancelled case has none). */
const stampOf = { in_call: 'startedAt', completed: 'endedAt', cancelled: null } as const;

/**
 * Test only: moves a case to `in_call` (stamping `startedAt`) or `completed` (stamping
 * `endedAt`), as the meeting's start and end (issue 9: `meetings/start-timer`, `meetings/end`)
 * leave it, for tests of a branch where those transitions do not exist yet: feedback needs a
 * completed case, and the expiry must leave started ones alone. `cancelled` has no transition
 * of its own yet either; the patient's pages must still say what it means (issue 13).
 */
export async function storeCaseStatus(
  caseId: string,
  status: keyof typeof stampOf,
  at: string,
): Promise<void> {
  const stamp = stampOf[status];
  await updateItem(caseKey(caseId), {
    UpdateExpression: `SET #status = :status${stamp ? `, ${stamp} = :at` : ''}`,
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status, ...(stamp ? { ':at': at } : {}) },
  });
}

/**
 * Test only: back-dates when a provider's emailed temporary password was issued, so a test sees
 * the 72-hour expiry (issue 25) without waiting for it.
 */
export async function storeTemporaryPasswordIssuedAt(email: string, at: string): Promise<void> {
  await updateItem(providerLoginKey(email), {
    UpdateExpression: 'SET temporaryIssuedAt = :at',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':at': at },
  });
}

/**
 * Test only: the table as a stage older than the waiting counter (docs/adr/0027) holds it: no
 * baseline and no shard, whatever cases are queued.
 */
export async function forgetWaitingCounter(): Promise<void> {
  await Promise.all(
    [
      waitingBaselineKey,
      ...Array.from({ length: WAITING_COUNTER_SHARDS }, (_, shard) =>
        waitingCounterShardKey(shard),
      ),
    ].map((key) => deleteItem(key)),
  );
}
