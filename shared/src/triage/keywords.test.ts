import { describe, expect, it } from 'vitest';
import { SYMPTOMS_MAX_LENGTH } from '../cases/intake';
import {
  ANALYSIS_CACHE,
  ANALYSIS_DEBOUNCE_MS,
  SYMPTOM_TEXT_MAX_LENGTH,
  URGENCY_MESSAGES,
} from './constants';
import {
  EMERGENCY_KEYWORDS,
  ROUTINE_KEYWORDS,
  SUB_SAHARAN_CONDITIONS,
  URGENT_KEYWORDS,
} from './keywords';

describe('keyword lists (spec doc 1 §9)', () => {
  it('hold the spec examples', () => {
    expect(EMERGENCY_KEYWORDS).toEqual(
      expect.arrayContaining(['chest pain', 'difficulty breathing', 'severe bleeding', 'stroke']),
    );
    expect(EMERGENCY_KEYWORDS).toEqual(
      expect.arrayContaining(['unconscious', 'seizure', 'severe allergic reaction', 'suicidal']),
    );
    expect(URGENT_KEYWORDS).toEqual(
      expect.arrayContaining(['fever with', 'persistent vomiting', 'blood in urine']),
    );
    expect(ROUTINE_KEYWORDS).toEqual(expect.arrayContaining(['mild headache', 'common cold']));
    expect(SUB_SAHARAN_CONDITIONS).toEqual([
      'malaria',
      'tuberculosis',
      'hiv',
      'hepatitis b',
      'typhoid',
    ]);
  });

  it('are lower case, trimmed and without repeats across lists', () => {
    const all = [...EMERGENCY_KEYWORDS, ...URGENT_KEYWORDS, ...ROUTINE_KEYWORDS];
    for (const keyword of all) expect(keyword).toBe(keyword.toLowerCase().trim());
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('analyser constants (spec doc 1 §9)', () => {
  it('quote the messages exactly', () => {
    expect(URGENCY_MESSAGES).toEqual({
      emergency: 'Immediate medical attention required. Call emergency services.',
      urgent: 'See healthcare provider today or within 24 hours.',
      routine: 'Schedule regular appointment with healthcare provider.',
    });
  });

  it('share the 2000-character limit with the intake schema', () => {
    expect(SYMPTOM_TEXT_MAX_LENGTH).toBe(SYMPTOMS_MAX_LENGTH);
  });

  it('debounce 500 ms; cache 50 MB, 1 hour', () => {
    expect(ANALYSIS_DEBOUNCE_MS).toBe(500);
    expect(ANALYSIS_CACHE).toEqual({ maxBytes: 52_428_800, ttlMs: 3_600_000 });
  });
});
