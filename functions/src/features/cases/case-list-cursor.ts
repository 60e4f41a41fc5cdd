import { INVALID_CURSOR_MESSAGE, type CaseListView } from '@shared/cases/provider-case';
import { badRequest } from '../../lib/errors';

/**
 * The opaque `cursor` of `GET /api/cases`: the view and the index sort key of the last case
 * shown, base64url. Decoding checks both, so a cursor can only continue the list it came from
 * and never reaches DynamoDB as an arbitrary start key (which would fail as a 500).
 */

/** `{time}#{caseId}`, optionally after a stage prefix (`ACTIVE#`, `DONE#`). */
const SORT_KEY =
  /^(?:(?:ACTIVE|DONE)#)?\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z#[0-9a-f-]{36}$/;

export function encodeCursor(view: CaseListView, sortKey: string): string {
  return Buffer.from(`${view}|${sortKey}`, 'utf8').toString('base64url');
}

/** The sort key to continue after; 400 when the cursor is not one this view handed out. */
export function decodeCursor(view: CaseListView, cursor: string): string {
  const [cursorView, sortKey, ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('|');
  if (cursorView !== view || !sortKey || rest.length > 0 || !SORT_KEY.test(sortKey)) {
    throw badRequest(INVALID_CURSOR_MESSAGE);
  }
  return sortKey;
}
