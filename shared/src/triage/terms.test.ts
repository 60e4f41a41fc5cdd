import { describe, expect, it } from 'vitest';
import {
  MEDICAL_TERMS,
  appendSymptom,
  completeCurrentWord,
  currentWord,
  suggestMedicalTerms,
} from './terms';

describe('currentWord', () => {
  it('is the word at the end of the text', () => {
    expect(currentWord('I have a hea')).toBe('hea');
    expect(currentWord('since yesterday, fev')).toBe('fev');
    expect(currentWord('I have a ')).toBe('');
    expect(currentWord('')).toBe('');
  });
});

describe('suggestMedicalTerms', () => {
  it('starts from 2 typed characters', () => {
    expect(suggestMedicalTerms('I have h')).toEqual([]);
    expect(suggestMedicalTerms('I have he')).toEqual(['headache', 'heartburn', 'hepatitis b']);
  });

  it('offers at most 3 terms', () => {
    const all = MEDICAL_TERMS.filter((term) => term.startsWith('b'));
    expect(all.length).toBeGreaterThan(3);
    expect(suggestMedicalTerms('bl')).toHaveLength(3);
    expect(suggestMedicalTerms('b')).toEqual([]);
  });

  it('ignores case and looks only at the last word', () => {
    expect(suggestMedicalTerms('Since Monday FEV')).toEqual(['fever']);
  });

  it('offers nothing after a space or for an unknown prefix', () => {
    expect(suggestMedicalTerms('fev ')).toEqual([]);
    expect(suggestMedicalTerms('xq')).toEqual([]);
  });

  it('does not offer a word already typed in full', () => {
    expect(suggestMedicalTerms('fever')).toEqual([]);
    expect(suggestMedicalTerms('rash')).toEqual([]);
  });

  it('suggests multi-word terms from their first word', () => {
    expect(suggestMedicalTerms('shor')).toEqual(['shortness of breath']);
  });

  it('keeps the term list lower case and without repeats', () => {
    for (const term of MEDICAL_TERMS) expect(term).toBe(term.toLowerCase());
    expect(new Set(MEDICAL_TERMS).size).toBe(MEDICAL_TERMS.length);
  });
});

describe('completeCurrentWord', () => {
  it('replaces the typed word with the term and a space', () => {
    expect(completeCurrentWord('I have a hea', 'headache')).toBe('I have a headache ');
  });

  it('keeps a capital', () => {
    expect(completeCurrentWord('Hea', 'headache')).toBe('Headache ');
  });

  it('cuts to the maximum length', () => {
    expect(completeCurrentWord('abc fe', 'fever', 8)).toBe('abc feve');
  });
});

describe('appendSymptom', () => {
  it('starts an empty text with the symptom', () => {
    expect(appendSymptom('', 'headache')).toBe('headache');
    expect(appendSymptom('   ', 'headache')).toBe('headache');
  });

  it('adds ", " after text and " " after punctuation', () => {
    expect(appendSymptom('fever', 'headache')).toBe('fever, headache');
    expect(appendSymptom('I feel bad. ', 'headache')).toBe('I feel bad. headache');
  });

  it('does not repeat a symptom already in the text', () => {
    expect(appendSymptom('Bad HEADACHE', 'headache')).toBe('Bad HEADACHE');
  });

  it('leaves the text alone when the symptom would not fit', () => {
    expect(appendSymptom('abcdef', 'fever', 10)).toBe('abcdef');
  });
});
