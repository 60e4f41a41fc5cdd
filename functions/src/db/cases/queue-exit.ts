/**
 * A case nobody started leaves the queue, once: it expires (DESIGN.md §5) or its wait promise
 * lapses (docs/adr/0025). Both leave from whichever stored status it holds (paid, or a claimed
 * video consultation), with that status's counter or lease item in the same transaction.
 */
import { claimLeaseEndedTx } from '../claim-leases';
import { updateTx, type TransactItem } from '../transaction';
import { waitingCountTx } from '../waiting-counter';
import { writtenUnlessCaseCondition } from './case-condition';
import { caseKey } from './keys';

/**
 * Access pattern: expire a paid case nobody started (DESIGN.md §5), once. Only a case paid at or
 * before `paidBefore` and still paid, or claimed with its meeting not started, moves; it leaves
 * the queue (gsi2), with the waiting counter's -1 or its lease item (`fromQueue`), and its
 * claimer's list (gsi3), and any claim lease ends. A claimed nurse visit is never "started" here
 * (the nurse calls the patient; no meeting), so only an unclaimed one expires. Returns false when
 * the condition failed (started, taken, expired, not yet due).
 */
export async function expireCaseItem(
  caseId: string,
  expiredAt: string,
  paidBefore: string,
): Promise<boolean> {
  const expire = (from: QueuedStatus) =>
    updateTx(caseKey(caseId), {
      UpdateExpression:
        'SET #status = :expired, expiredAt = :expiredAt, leaseEndsAt = :none ' +
        'REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk',
      ConditionExpression: `${queuedAs[from]} AND paidAt <= :paidBefore`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':expired': 'expired',
        ...queuedValues[from],
        ':expiredAt': expiredAt,
        ':none': null,
        ':paidBefore': paidBefore,
      },
    });
  return fromQueue(caseId, expire);
}

/**
 * Access pattern: a wait promise lapsed (docs/adr/0025), once: the case goes back to awaiting
 * payment when it still holds authorization `number`, its promise ended at or before `now`,
 * and no doctor started it: paid, or a claimed video consultation (its claim cleared; a claimed
 * home nurse visit is arranged by its nurse and exempt, docs/adr/0022). It leaves the queue
 * (gsi2) and the claimer's list (gsi3); it stays in the paid-cases list (gsi4), which lists
 * every case ever paid. A paid case leaves the waiting counter, a claimed one its lease
 * (`fromQueue`). False when the condition failed (started, closed, re-authorized, done).
 */
export async function lapseWaitPromiseItem(
  caseId: string,
  number: number,
  now: string,
): Promise<boolean> {
  const lapse = (from: QueuedStatus) =>
    updateTx(caseKey(caseId), {
      UpdateExpression:
        'SET #status = :awaiting, waitPromiseLapsedAt = :now, claimedBy = :none, ' +
        'claimedByName = :none, claimedAt = :none, leaseEndsAt = :none, lapsedClaimBy = :none, ' +
        'lapsedAt = :none REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk',
      ConditionExpression: `authorizations = :number AND waitPromiseEndsAt <= :now AND ${queuedAs[from]}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':awaiting': 'awaiting_payment',
        ...queuedValues[from],
        ':number': number,
        ':now': now,
        ':none': null,
      },
    });
  return fromQueue(caseId, lapse);
}

/**
 * The two stored statuses a case leaves the queue from when nobody started it (a lapsed wait
 * promise, an expiry): paid (the waiting counter's -1), or a claimed video consultation (a
 * claimed home nurse visit is arranged by its nurse and exempt, docs/adr/0022; its lease item
 * goes: db/claim-leases.ts).
 */
type QueuedStatus = 'paid' | 'claimed';
const queuedAs: Record<QueuedStatus, string> = {
  paid: '#status = :paid',
  claimed: '#status = :claimed AND requestType = :telemedicine',
};
const queuedValues: Record<QueuedStatus, Record<string, string>> = {
  paid: { ':paid': 'paid' },
  claimed: { ':claimed': 'claimed', ':telemedicine': 'telemedicine' },
};

/**
 * Writes the case's move out of the queue from whichever stored status it holds (`leave(from)`:
 * its update, conditional on that status), with that status's counter or lease item in the same
 * transaction. Each try is conditional, so the move happens at most once; a second round covers a
 * case that changed status between the two tries (a release between them). False when no
 * condition held.
 */
async function fromQueue(
  caseId: string,
  leave: (from: QueuedStatus) => TransactItem,
): Promise<boolean> {
  const tries: Record<QueuedStatus, TransactItem[]> = {
    paid: [leave('paid'), waitingCountTx(caseId, -1)],
    claimed: [leave('claimed'), claimLeaseEndedTx(caseId)],
  };
  for (let round = 0; round < 2; round += 1) {
    for (const items of Object.values(tries)) {
      if (await writtenUnlessCaseCondition(items)) return true;
    }
  }
  return false;
}
