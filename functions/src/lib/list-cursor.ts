import { INVALID_CURSOR_MESSAGE } from '@shared/http/page';
import { badRequest } from '../core/errors';

/**
 * The opaque `cursor` of every paged list (docs/access-patterns.md, "Pages"): the list's name and
 * the parts of the last item shown that rebuild the start key (an index sort key, sometimes an
 * id), base64url. Decoding checks the name and each part against its pattern, so a cursor only
 * continues the list it came from and never reaches DynamoDB as an arbitrary start key (which
 * would fail as a 500): anything else is 400 `Invalid cursor`.
 */

const SEPARATOR = '|';

/** `parts` must not contain `|`; the patterns they are decoded with make sure of it. */
export function encodeListCursor(list: string, parts: readonly string[]): string {
  return Buffer.from([list, ...parts].join(SEPARATOR), 'utf8').toString('base64url');
}

/** The parts of a cursor `encodeListCursor(list, …)` made; 400 for anything else. */
export function decodeListCursor(
  list: string,
  cursor: string,
  patterns: readonly RegExp[],
): string[] {
  const [cursorList, ...parts] = Buffer.from(cursor, 'base64url').toString('utf8').split(SEPARATOR);
  const valid =
    cursorList === list &&
    parts.length === patterns.length &&
    parts.every((part, index) => patterns[index]!.test(part));
  if (!valid) throw badRequest(INVALID_CURSOR_MESSAGE);
  return parts;
}

/** An ISO timestamp as the lists sort by it (`2026-11-25T12:00:00.000Z`). */
export const TIMESTAMP = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z`;
/** A random UUID as the server makes them (lower case). */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
