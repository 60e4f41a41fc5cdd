/**
 * The case's writes around its payment: the Checkout Session it names, the move to paid (into
 * the queue), and the wait estimate the patient was shown then.
 */
import type { WaitEstimate } from '@shared/cases/wait-estimate';
import { conditionalUpdate, IF_EXISTS } from '../table';
import { updateTx, type TransactItem } from '../transaction';
import { waitingCountTx } from '../waiting-counter';
import { caseKey, paidCasesEntry, queueEntry } from './keys';

/**
 * Access pattern: make `sessionId` the case's one open Checkout Session, replacing `previousId`
 * (null: the case had none). Conditional on the case still naming `previousId` (or already
 * naming `sessionId`), so of two requests that replace the same session only one wins. False
 * when another request replaced it first.
 */
export async function recordCheckoutSession(
  caseId: string,
  sessionId: string,
  previousId: string | null,
): Promise<boolean> {
  const stillPrevious = previousId
    ? 'checkoutSessionId = :previous'
    : '(attribute_not_exists(checkoutSessionId) OR attribute_type(checkoutSessionId, :null))';
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: 'SET checkoutSessionId = :session',
    ConditionExpression: `${IF_EXISTS} AND (${stillPrevious} OR checkoutSessionId = :session)`,
    ExpressionAttributeValues: {
      ':session': sessionId,
      ...(previousId ? { ':previous': previousId } : { ':null': 'NULL' }),
    },
  });
}

/** One authorization of a case's fee as `casePaidTx` records it (docs/adr/0025). */
export interface CaseAuthorization {
  /** The queue's order: the first payment's time, kept by a "Keep waiting" re-authorization. */
  paidAt: string;
  /** This authorization's number (1 for the payment); the case must still hold `number - 1`. */
  number: number;
  /** paid time + WAIT_PROMISE_MINUTES of this authorization. */
  waitPromiseEndsAt: string;
}

/**
 * The case's move awaiting_payment → paid, as transaction items (the case's first, then the
 * waiting counter's +1: db/waiting-counter.ts): it fails unless the case still awaits payment
 * with the authorization count it was read with, so two deliveries can never both mark it paid,
 * nor two re-authorizations after a lapsed wait promise.
 */
export function casePaidTxs(caseId: string, authorization: CaseAuthorization): TransactItem[] {
  return [casePaidUpdateTx(caseId, authorization), waitingCountTx(caseId, 1)];
}

function casePaidUpdateTx(caseId: string, authorization: CaseAuthorization): TransactItem {
  const { paidAt } = authorization;
  const queue = queueEntry(paidAt, caseId);
  const paidList = paidCasesEntry(paidAt, caseId);
  const previous = authorization.number - 1;
  return updateTx(caseKey(caseId), {
    UpdateExpression:
      'SET #status = :paid, paidAt = :paidAt, gsi2pk = :queue, gsi2sk = :queueSk, ' +
      'gsi4pk = :paidList, gsi4sk = :paidListSk, authorizations = :number, ' +
      'waitPromiseEndsAt = :endsAt, waitPromiseLapsedAt = :none',
    ConditionExpression:
      '#status = :awaiting AND ' +
      (previous === 0
        ? '(attribute_not_exists(authorizations) OR authorizations = :previous)'
        : 'authorizations = :previous'),
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':paid': 'paid',
      ':awaiting': 'awaiting_payment',
      ':paidAt': paidAt,
      ':queue': queue.gsi2pk,
      ':queueSk': queue.gsi2sk,
      ':paidList': paidList.gsi4pk,
      ':paidListSk': paidList.gsi4sk,
      ':number': authorization.number,
      ':previous': previous,
      ':endsAt': authorization.waitPromiseEndsAt,
      ':none': null,
    },
  });
}

/**
 * Access pattern: store the estimate given at payment on the case (issue 28 item 5), after the
 * paid transaction and apart from it (that transaction stays as it was). Conditional on the same
 * payment (`paidAt`), so a late write never labels a later payment of the case. False when the
 * case was paid at another time (or is gone).
 */
export async function recordWaitEstimateAtPayment(
  caseId: string,
  paidAt: string,
  estimate: WaitEstimate | null,
): Promise<boolean> {
  return conditionalUpdate(caseKey(caseId), {
    UpdateExpression: 'SET waitEstimateAtPayment = :estimate',
    ConditionExpression: 'paidAt = :paidAt',
    ExpressionAttributeValues: { ':estimate': estimate, ':paidAt': paidAt },
  });
}
