import { describe, expect, it } from 'vitest';
import { containsPhrase, countWords, findPhrases, normalizeText } from './matching';

describe('containsPhrase', () => {
  it('ignores case once the text is normalised', () => {
    expect(containsPhrase(normalizeText('Sudden CHEST Pain'), 'chest pain')).toBe(true);
  });

  it('matches only on word boundaries', () => {
    expect(containsPhrase('hiv positive', 'hiv')).toBe(true);
    expect(containsPhrase('an archive of notes', 'hiv')).toBe(false);
    expect(containsPhrase('bad heartburn', 'burn')).toBe(false);
    expect(containsPhrase('a burn on my hand', 'burn')).toBe(true);
    expect(containsPhrase('chest painful', 'chest pain')).toBe(false);
    expect(containsPhrase('stroke2', 'stroke')).toBe(false);
  });

  it('accepts a trailing plural', () => {
    expect(containsPhrase('two seizures today', 'seizure')).toBe(true);
    expect(containsPhrase('itchy rashes', 'rash')).toBe(true);
    expect(containsPhrase('chest pains', 'chest pain')).toBe(true);
  });

  it('lets any whitespace stand for a space and curly apostrophes for straight ones', () => {
    expect(containsPhrase(normalizeText('chest\n  pain'), 'chest pain')).toBe(true);
    expect(containsPhrase(normalizeText('I can’t breathe'), "can't breathe")).toBe(true);
  });

  it('treats punctuation as a boundary', () => {
    expect(containsPhrase('pain: chest pain, fever.', 'fever')).toBe(true);
    expect(containsPhrase('(stroke)', 'stroke')).toBe(true);
    expect(containsPhrase('a check-up please', 'check-up')).toBe(true);
  });
});

describe('findPhrases', () => {
  const lists = [
    { category: 'a', phrases: ['severe abdominal pain', 'fever with'] },
    { category: 'b', phrases: ['abdominal pain', 'mild fever'] },
  ] as const;

  it('keeps the longest of overlapping matches', () => {
    const found = findPhrases('severe abdominal pain', lists);
    expect(found.map((m) => [m.phrase, m.category])).toEqual([['severe abdominal pain', 'a']]);
  });

  it('prefers the earlier list on equal length', () => {
    const found = findPhrases('mild fever with cough', lists);
    expect(found.map((m) => m.phrase)).toEqual(['fever with']);
  });

  it('returns every separate occurrence in text order', () => {
    const found = findPhrases('abdominal pain then fever with abdominal pain', lists);
    expect(found.map((m) => m.phrase)).toEqual(['abdominal pain', 'fever with', 'abdominal pain']);
  });
});

describe('countWords', () => {
  it('counts whitespace-separated words that hold a letter or digit', () => {
    expect(countWords('I have   a cough')).toBe(4);
    expect(countWords('pain - bad')).toBe(2);
    expect(countWords('')).toBe(0);
  });
});
