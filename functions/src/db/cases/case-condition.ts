/**
 * The send of a case transition whose transaction items start with the case's own conditional
 * update: shared by the moves into the queue (a released claim) and out of it (expiry, a lapsed
 * wait promise), which answer whether the case was still where they expected it.
 */
import { writeUnlessConditionFails, type TransactItem } from '../transaction';

/** The case's own update: the first item of every such transition. */
const CASE_ITEM = 0;

/**
 * Sends a transaction whose first item is the case's conditional update: true when written,
 * false when that condition failed. Another item's failed condition is an error, and so is any
 * other cancellation (conflicts past the retries: a dependency failure, 503).
 */
export function writtenUnlessCaseCondition(items: TransactItem[]): Promise<boolean> {
  return writeUnlessConditionFails(items, CASE_ITEM);
}
