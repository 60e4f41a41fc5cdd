import { CONFIDENCE } from './constants';

export interface ConfidenceInput {
  /** Length of the trimmed text. */
  characters: number;
  words: number;
  /** Emergency keyword matches. */
  emergencyMatches: number;
  /** Urgent keyword matches (sub-Saharan conditions count here when they raise a routine text). */
  urgentMatches: number;
  /** Dangerous combinations found (always 0 in basic mode). */
  combinations: number;
}

/**
 * The confidence of spec doc 1 §9, combined as follows (E, U, C are the counts above):
 *
 *   shape      = 0.5 + 0.1·[characters ≥ 10] + 0.1·[words ≥ 3]            (0.5 … 0.7)
 *   level      = E > 0 ? min(0.95, 0.8 + 0.1·E)                              (0.9, then 0.95)
 *              : U > 0 ? min(0.85, 0.6 + 0.1·U)                              (0.7, 0.8, 0.85)
 *              : shape
 *   confidence = C > 0 ? min(0.95, level + 0.2) : level                      (+0.2 once)
 *
 * i.e. a keyword match replaces the text-shape estimate (its own figure is already at least as
 * high), a combination adds 0.2 once however many are present, and nothing exceeds 0.95.
 * Texts under the minimum length never get here: their confidence is 0 (`analyze.ts`).
 * The result is rounded to two decimals so that 0.6 + 0.1 reads 0.7.
 */
export function computeConfidence({
  characters,
  words,
  emergencyMatches,
  urgentMatches,
  combinations,
}: ConfidenceInput): number {
  const c = CONFIDENCE;
  let level: number;
  if (emergencyMatches > 0) {
    level = Math.min(c.emergencyCap, c.emergencyBase + c.emergencyPerMatch * emergencyMatches);
  } else if (urgentMatches > 0) {
    level = Math.min(c.urgentCap, c.urgentBase + c.urgentPerMatch * urgentMatches);
  } else {
    level =
      c.base +
      (characters >= c.lengthBonusMinChars ? c.lengthBonus : 0) +
      (words >= c.wordsBonusMinWords ? c.wordsBonus : 0);
  }
  const confidence = combinations > 0 ? Math.min(c.overallCap, level + c.combinationBonus) : level;
  return Math.round(confidence * 100) / 100;
}
