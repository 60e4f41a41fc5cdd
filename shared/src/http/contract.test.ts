import * as z from 'zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineRoute, pathOf, type ParamsOf, type ResponseOf } from './contract';

const getThing = defineRoute({
  method: 'GET',
  path: '/api/things/{thingId}/parts/{partId}',
  response: z.object({ id: z.string() }),
});
const listThings = defineRoute({ method: 'GET', path: '/api/things' });

describe('pathOf', () => {
  it('fills and encodes every path parameter', () => {
    expect(pathOf(getThing, { thingId: 'a/b c', partId: '7' })).toBe(
      '/api/things/a%2Fb%20c/parts/7',
    );
  });

  it('returns a fixed path as it is', () => {
    expect(pathOf(listThings, {})).toBe('/api/things');
  });

  it('refuses a missing parameter instead of building a wrong URL', () => {
    expect(() => pathOf(getThing, { thingId: 'x' } as never)).toThrow(/partId/);
  });

  it('types parameters and answers from the contract', () => {
    expectTypeOf<ParamsOf<typeof getThing>>().toEqualTypeOf<Record<'thingId' | 'partId', string>>();
    expectTypeOf<ResponseOf<typeof getThing>>().toEqualTypeOf<{ id: string }>();
  });
});
