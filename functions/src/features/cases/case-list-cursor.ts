import type { CaseListView } from '@shared/cases/provider-case';
import { providerCaseStages } from '#db/cases/keys';
import { decodeListCursor, encodeListCursor, TIMESTAMP, UUID } from '#lib/list-cursor';

/**
 * The `cursor` of the case lists (`GET /api/cases` per view, `GET /api/admin/cases`): the list
 * and the index sort key of the last case shown (lib/list-cursor.ts).
 */

/** `{time}#{caseId}`, optionally after a stage prefix (`ACTIVE#`, `DONE#`). */
const SORT_KEY = new RegExp(`^(?:(?:${providerCaseStages.join('|')})#)?${TIMESTAMP}#${UUID}$`);

/** A provider dashboard view, or the admin's overview of every case. */
export type CaseCursorList = CaseListView | 'admin-cases';

export function encodeCursor(list: CaseCursorList, sortKey: string): string {
  return encodeListCursor(list, [sortKey]);
}

/** The sort key to continue after; 400 when the cursor is not one this list handed out. */
export function decodeCursor(list: CaseCursorList, cursor: string): string {
  return decodeListCursor(list, cursor, [SORT_KEY])[0]!;
}
