/**
 * The send of a case transition whose transaction items start with the case's own conditional
 * update: shared by the moves into the queue (a released claim) and out of it (expiry, a lapsed
 * wait promise), which answer whether the case was still where they expected it.
 */
import { writeConditionalTransaction, type TransactItem } from '../transaction';

/**
 * Sends a transaction whose first item is the case's conditional update: true when written,
 * false when that condition failed; any other cancellation is an error.
 */
export async function writtenUnlessCaseCondition(items: TransactItem[]): Promise<boolean> {
  const codes = await writeConditionalTransaction(items);
  if (!codes) return true;
  if (codes[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`The case's transaction was cancelled: ${codes.join(',')}`);
}
