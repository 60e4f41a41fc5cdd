import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseStored } from '../db/records';
import { InvariantError } from '../core/errors';
import { errorFields } from './logger';

const recordSchema = z.object({ id: z.string(), status: z.enum(['paid']), email: z.string() });

function brokenItemError(item: Record<string, unknown>, personalKey = false): unknown {
  try {
    parseStored(recordSchema, { tag: 'Case', personalKey }, item);
  } catch (error) {
    return error;
  }
  throw new Error('the broken item parsed');
}

describe('errorFields of a broken stored item', () => {
  const item = { pk: 'CASE#c-1', sk: 'CASE', id: 'c-1', status: 'lost-7731', email: 5 };

  it('names the entity, the key and the failing fields', () => {
    const error = brokenItemError(item);
    expect(error).toBeInstanceOf(InvariantError);
    expect(error).not.toBeInstanceOf(z.ZodError);
    expect(errorFields(error)).toMatchObject({
      error: 'InvariantError',
      entity: 'Case',
      key: 'CASE#c-1 CASE',
      fields: 'status,email',
    });
  });

  it('carries none of the stored values', () => {
    const logged = JSON.stringify(errorFields(brokenItemError(item)));
    expect(logged).not.toContain('lost-7731');
    expect(logged).not.toContain('"5"');
    expect((brokenItemError(item) as Error).message).not.toContain('lost-7731');
  });

  it('fingerprints a personal value in the key', () => {
    const login = { pk: 'PROVIDER_LOGIN#grace@example.org', sk: 'LOGIN', status: 'x' };
    const fields = errorFields(brokenItemError(login, true));
    expect(fields.key).toMatch(/^PROVIDER_LOGIN#sha256:[0-9a-f]{12} LOGIN$/);
    expect(JSON.stringify(fields)).not.toContain('grace');
  });

  it('keeps only name and stack for other errors', () => {
    expect(Object.keys(errorFields(new Error('quotes input 7731')))).toEqual(['error', 'stack']);
  });
});
