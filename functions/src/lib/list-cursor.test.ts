import { describe, expect, it } from 'vitest';
import { INVALID_CURSOR_MESSAGE } from '@shared/http/page';
import { decodeListCursor, encodeListCursor, TIMESTAMP, UUID } from './list-cursor';

const SORT_KEY = new RegExp(`^${TIMESTAMP}#${UUID}$`);
const ID = /^[A-Z0-9-]{1,32}$/;
const sortKey = '2026-11-25T12:00:00.000Z#7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11';
const refused: unknown = expect.objectContaining({ status: 400, message: INVALID_CURSOR_MESSAGE });

describe('list cursor', () => {
  it('round-trips its parts, URL-safe', () => {
    const cursor = encodeListCursor('admin-logs', [sortKey, 'K7QF-29XM']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor('admin-logs', cursor, [SORT_KEY, ID])).toEqual([sortKey, 'K7QF-29XM']);
  });

  it.each([
    ['another list', encodeListCursor('admin-cases', [sortKey, 'K7QF-29XM'])],
    ['a part missing', encodeListCursor('admin-logs', [sortKey])],
    ['a part too many', encodeListCursor('admin-logs', [sortKey, 'K7QF-29XM', 'X'])],
    ['a part of the wrong shape', encodeListCursor('admin-logs', [sortKey, 'k7qf#29xm'])],
    ['a broken sort key', encodeListCursor('admin-logs', [`${sortKey}x`, 'K7QF-29XM'])],
    ['not base64url of a cursor', 'bm90LWEta2V5'],
    ['nothing', ''],
  ])('refuses %s with 400', (_name, cursor) => {
    expect(() => decodeListCursor('admin-logs', cursor, [SORT_KEY, ID])).toThrow(refused);
  });
});
