import type { UrgencyLevel } from '../patients/request';
import { CONFIDENCE, MAX_SUGGESTIONS } from './constants';
import type { DangerousCombination } from './keywords';

/** General advice for each urgency level (full mode). */
export const URGENCY_ADVICE: Record<UrgencyLevel, readonly string[]> = {
  emergency: [
    'Call 911 or go to the nearest emergency room now.',
    'Do not drive yourself; ask someone to take you or wait for an ambulance.',
    'Stay on the line with the emergency operator and follow their instructions.',
  ],
  urgent: [
    'Book a consultation with a provider today.',
    'Go to an urgent care clinic or emergency room if your symptoms get worse.',
    'Write down when your symptoms started and how they have changed.',
  ],
  routine: [
    'Rest, drink plenty of fluids and watch how your symptoms change.',
    'Note when your symptoms started and what makes them better or worse.',
    'Seek care sooner if your symptoms get worse or new symptoms appear.',
  ],
};

/** Shown first when the text mentions self-harm: the emergency advice alone is not enough. */
export const CRISIS_KEYWORDS: readonly string[] = [
  'suicidal',
  'suicide',
  'kill myself',
  'overdose',
];
export const CRISIS_SUGGESTION =
  'If you are thinking about harming yourself, call or text 988 (Suicide & Crisis Lifeline) now.';

export const REGIONAL_SUGGESTION =
  'Malaria, tuberculosis, HIV, hepatitis B and typhoid need prompt testing and treatment; see a provider within 24 hours.';

export const MORE_DETAIL_SUGGESTION =
  'Add more detail, such as when it started and how severe it is, for a better assessment.';

export interface SuggestionInput {
  urgencyLevel: UrgencyLevel;
  matchedKeywords: readonly string[];
  combinations: readonly DangerousCombination[];
  /** The sub-Saharan rule raised the result. */
  regionalUpgrade: boolean;
  words: number;
}

/**
 * Suggestions of full mode, most important first, at most 5: a crisis line when self-harm is
 * mentioned, the warning of each dangerous combination, the regional note, the level's advice,
 * then a request for more detail when the text has fewer than 3 words.
 */
export function buildSuggestions({
  urgencyLevel,
  matchedKeywords,
  combinations,
  regionalUpgrade,
  words,
}: SuggestionInput): string[] {
  const suggestions: string[] = [];
  if (matchedKeywords.some((keyword) => CRISIS_KEYWORDS.includes(keyword))) {
    suggestions.push(CRISIS_SUGGESTION);
  }
  suggestions.push(...combinations.map((combination) => combination.warning));
  if (regionalUpgrade) suggestions.push(REGIONAL_SUGGESTION);
  suggestions.push(...URGENCY_ADVICE[urgencyLevel]);
  if (words < CONFIDENCE.wordsBonusMinWords) suggestions.push(MORE_DETAIL_SUGGESTION);
  return [...new Set(suggestions)].slice(0, MAX_SUGGESTIONS);
}
