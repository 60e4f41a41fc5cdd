import { describe, expect, it } from 'vitest';
import { computeConfidence, type ConfidenceInput } from './confidence';

/**
 * Each number of spec doc 1 §9 is checked by what `computeConfidence` returns, not by restating
 * `CONFIDENCE`; the 0.6 threshold by `meetsConfidenceThreshold` (analyze.test.ts).
 */
const none: ConfidenceInput = {
  characters: 5,
  words: 1,
  emergencyMatches: 0,
  urgentMatches: 0,
  combinations: 0,
};
const confidence = (input: Partial<ConfidenceInput>) => computeConfidence({ ...none, ...input });

describe('computeConfidence: text shape (no keyword)', () => {
  it('starts at the base 0.5', () => {
    expect(confidence({})).toBe(0.5);
  });

  it('adds 0.1 from 10 characters, not at 9', () => {
    expect(confidence({ characters: 9 })).toBe(0.5);
    expect(confidence({ characters: 10 })).toBe(0.6);
  });

  it('adds 0.1 from 3 words, not at 2', () => {
    expect(confidence({ words: 2 })).toBe(0.5);
    expect(confidence({ words: 3 })).toBe(0.6);
  });

  it('adds both bonuses together', () => {
    expect(confidence({ characters: 40, words: 8 })).toBe(0.7);
  });
});

describe('computeConfidence: emergency matches', () => {
  it('is 0.8 plus 0.1 per match: one match gives 0.9', () => {
    expect(confidence({ emergencyMatches: 1 })).toBe(0.9);
  });

  it('is capped at 0.95 from two matches on', () => {
    expect(confidence({ emergencyMatches: 2 })).toBe(0.95);
    expect(confidence({ emergencyMatches: 7 })).toBe(0.95);
  });

  it('replaces the text-shape estimate and wins over urgent matches', () => {
    expect(confidence({ emergencyMatches: 1, characters: 50, words: 9 })).toBe(0.9);
    expect(confidence({ emergencyMatches: 1, urgentMatches: 3 })).toBe(0.9);
  });
});

describe('computeConfidence: urgent matches', () => {
  it('is 0.6 plus 0.1 per match', () => {
    expect(confidence({ urgentMatches: 1 })).toBe(0.7);
    expect(confidence({ urgentMatches: 2 })).toBe(0.8);
  });

  it('is capped at 0.85', () => {
    expect(confidence({ urgentMatches: 3 })).toBe(0.85);
    expect(confidence({ urgentMatches: 10 })).toBe(0.85);
  });

  it('replaces the text-shape estimate', () => {
    expect(confidence({ urgentMatches: 1, characters: 50, words: 9 })).toBe(0.7);
  });
});

describe('computeConfidence: dangerous combinations', () => {
  it('add 0.2 to the text-shape estimate', () => {
    expect(confidence({ combinations: 1 })).toBe(0.7);
    expect(confidence({ combinations: 1, characters: 30, words: 6 })).toBe(0.9);
  });

  it('add 0.2 to an urgent estimate', () => {
    expect(confidence({ combinations: 1, urgentMatches: 1 })).toBe(0.9);
  });

  it('add 0.2 once, however many combinations are present', () => {
    expect(confidence({ combinations: 3 })).toBe(0.7);
  });

  it('never take the confidence above 0.95', () => {
    expect(confidence({ combinations: 1, emergencyMatches: 1 })).toBe(0.95);
    expect(confidence({ combinations: 2, urgentMatches: 3 })).toBe(0.95);
  });
});
