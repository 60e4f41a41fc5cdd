import { describe, expect, it } from 'vitest';
import { INVALID_CURSOR_MESSAGE } from '@shared/cases/provider-case';
import { decodeCursor, encodeCursor } from './case-list-cursor';

const sortKey = '2026-11-25T12:00:00.000Z#7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11';
const refused: unknown = expect.objectContaining({ status: 400, message: INVALID_CURSOR_MESSAGE });

describe('case list cursor', () => {
  it('round-trips the sort key of its own view, URL-safe', () => {
    const cursor = encodeCursor('all', sortKey);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('all', cursor)).toBe(sortKey);
    const mine = encodeCursor('mine', `ACTIVE#${sortKey}`);
    expect(decodeCursor('mine', mine)).toBe(`ACTIVE#${sortKey}`);
  });

  it('refuses a cursor of another view or one it did not make', () => {
    expect(() => decodeCursor('mine', encodeCursor('all', sortKey))).toThrow(refused);
    expect(() => decodeCursor('all', encodeCursor('all', 'CASE#x'))).toThrow(refused);
    expect(() => decodeCursor('all', encodeCursor('all', `${sortKey}|extra`))).toThrow(refused);
    expect(() => decodeCursor('all', 'bm90LWEta2V5')).toThrow(refused);
    expect(() => decodeCursor('all', '')).toThrow(refused);
  });
});
