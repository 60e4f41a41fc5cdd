import { describe, expect, it } from 'vitest';
import { analyzeSymptoms } from '@shared/triage';
import { AnalysisCache, analysisCacheKey } from './analysis-cache';

const analysis = analyzeSymptoms('chest pain');

function clockAt(start = 0) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

describe('analysisCacheKey', () => {
  it('separates text, mode and region, and ignores surrounding spaces', () => {
    expect(analysisCacheKey(' pain ', 'full', 'default')).toBe(
      analysisCacheKey('pain', 'full', 'default'),
    );
    const keys = new Set([
      analysisCacheKey('pain', 'full', 'default'),
      analysisCacheKey('pain', 'basic', 'default'),
      analysisCacheKey('pain', 'full', 'sub-saharan'),
      analysisCacheKey('Pain', 'full', 'default'),
    ]);
    expect(keys.size).toBe(4);
  });
});

describe('AnalysisCache', () => {
  it('returns what was stored', () => {
    const cache = new AnalysisCache();
    cache.set('a', analysis);
    expect(cache.get('a')).toBe(analysis);
    expect(cache.get('b')).toBeUndefined();
  });

  it('expires entries after 1 hour by default', () => {
    const clock = clockAt();
    const cache = new AnalysisCache({ now: clock.now });
    cache.set('a', analysis);
    clock.t = 3_600_000 - 1;
    expect(cache.get('a')).toBe(analysis);
    clock.t = 3_600_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used past the byte limit', () => {
    const entryBytes = 2 * (1 + JSON.stringify(analysis).length);
    const cache = new AnalysisCache({ maxBytes: entryBytes * 2 });
    cache.set('a', analysis);
    cache.set('b', analysis);
    cache.get('a'); // a is now the most recent
    cache.set('c', analysis);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(analysis);
    expect(cache.get('c')).toBe(analysis);
    expect(cache.bytes).toBe(entryBytes * 2);
  });

  it('does not store an entry larger than the whole cache', () => {
    const cache = new AnalysisCache({ maxBytes: 10 });
    cache.set('a', analysis);
    expect(cache.size).toBe(0);
  });

  it('replaces an entry under the same key and can be cleared', () => {
    const cache = new AnalysisCache();
    const other = analyzeSymptoms('mild headache');
    cache.set('a', analysis);
    cache.set('a', other);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(other);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
