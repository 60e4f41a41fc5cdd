// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredValues } from './stored-values';

const KEY = 'test.draft';
const initial = { name: '', regions: [] as string[], requestType: 'telemedicine' };

afterEach(() => sessionStorage.clear());

describe('readStoredValues', () => {
  it('brings back known fields of the expected type only', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ name: 'Ada', regions: ['head', 3], requestType: 7, extra: 'dropped' }),
    );
    expect(readStoredValues(KEY, initial)).toEqual({ ...initial, name: 'Ada' });

    sessionStorage.setItem(KEY, JSON.stringify({ regions: ['head', 'chest'] }));
    expect(readStoredValues(KEY, initial)).toEqual({ ...initial, regions: ['head', 'chest'] });
  });

  it('starts empty when nothing usable is saved', () => {
    expect(readStoredValues(KEY, initial)).toBe(initial);
    sessionStorage.setItem(KEY, '{not json');
    expect(readStoredValues(KEY, initial)).toBe(initial);
    sessionStorage.setItem(KEY, JSON.stringify(['Ada']));
    expect(readStoredValues(KEY, initial)).toBe(initial);
  });
});
