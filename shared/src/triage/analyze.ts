import type { UrgencyLevel } from '../patients/request';
import { computeConfidence } from './confidence';
import { CONFIDENCE_THRESHOLD, MIN_ANALYSIS_LENGTH, URGENCY_MESSAGES } from './constants';
import {
  DANGEROUS_COMBINATIONS,
  EMERGENCY_KEYWORDS,
  ROUTINE_KEYWORDS,
  SUB_SAHARAN_CONDITIONS,
  URGENT_KEYWORDS,
  type DangerousCombination,
} from './keywords';
import { containsPhrase, countWords, findPhrases, normalizeText } from './matching';
import { buildSuggestions } from './suggestions';
import type { AnalyserMode, RegionSetting, SymptomAnalysis } from './types';

export interface AnalyseOptions {
  /** Default 'default'. */
  region?: RegionSetting;
  /** Default 'full'. */
  mode?: AnalyserMode;
}

const KEYWORD_LISTS = [
  { category: 'emergency', phrases: EMERGENCY_KEYWORDS },
  { category: 'urgent', phrases: URGENT_KEYWORDS },
  { category: 'routine', phrases: ROUTINE_KEYWORDS },
] as const satisfies readonly { category: UrgencyLevel; phrases: readonly string[] }[];

/** The dangerous combinations present in a normalised text. */
export function findCombinations(normalizedText: string): DangerousCombination[] {
  return DANGEROUS_COMBINATIONS.filter((combination) =>
    combination.groups.every((group) => group.some((term) => containsPhrase(normalizedText, term))),
  );
}

/** The terms of the given combinations found in the text, in data order, without repeats. */
function combinationTerms(normalizedText: string, combinations: DangerousCombination[]): string[] {
  return combinations.flatMap((combination) =>
    combination.groups.flat().filter((term) => containsPhrase(normalizedText, term)),
  );
}

/**
 * The symptom analyser (spec doc 1 §3, §4, §9).
 *
 * - Texts under 2 characters (after trimming): routine, confidence 0, nothing matched.
 * - Every mode: keywords matched case-insensitively on word boundaries (`matching.ts`); any
 *   emergency keyword → emergency, else any urgent keyword → urgent, else routine. Region
 *   'sub-saharan': a routine result that mentions malaria, tuberculosis, hiv, hepatitis b or
 *   typhoid becomes urgent, and those terms count as urgent matches for the confidence.
 * - 'enhanced' and 'full': dangerous combinations too; any present makes the result an emergency
 *   and adds 0.2 to the confidence (formula in `confidence.ts`); their terms join
 *   `matchedKeywords`.
 * - 'full': up to 5 `suggestions` (`suggestions.ts`); the other modes return none.
 *
 * `medicalContext` is, in every mode, the spec's message for the level, word for word
 * (`URGENCY_MESSAGES`), so even the basic mode tells an emergency to call emergency services.
 * `matchedKeywords` lists the keywords (lower case, in text order), then combination terms.
 */
export function analyzeSymptoms(text: string, options: AnalyseOptions = {}): SymptomAnalysis {
  const { region = 'default', mode = 'full' } = options;
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed.length < MIN_ANALYSIS_LENGTH) {
    return {
      urgencyLevel: 'routine',
      matchedKeywords: [],
      confidence: 0,
      suggestions: [],
      medicalContext: URGENCY_MESSAGES.routine,
    };
  }

  const normalized = normalizeText(trimmed);
  const matches = findPhrases(normalized, KEYWORD_LISTS);
  const emergency = matches.filter((m) => m.category === 'emergency').length;
  let urgent = matches.filter((m) => m.category === 'urgent').length;
  const matchedKeywords = matches.map((m) => m.phrase);

  let urgencyLevel: UrgencyLevel = emergency > 0 ? 'emergency' : urgent > 0 ? 'urgent' : 'routine';

  let regionalUpgrade = false;
  if (region === 'sub-saharan' && urgencyLevel === 'routine') {
    const conditions = SUB_SAHARAN_CONDITIONS.filter((term) => containsPhrase(normalized, term));
    if (conditions.length > 0) {
      regionalUpgrade = true;
      urgencyLevel = 'urgent';
      urgent = conditions.length;
      matchedKeywords.push(...conditions);
    }
  }

  const combinations = mode === 'basic' ? [] : findCombinations(normalized);
  if (combinations.length > 0) {
    urgencyLevel = 'emergency';
    matchedKeywords.push(...combinationTerms(normalized, combinations));
  }

  const words = countWords(trimmed);
  const confidence = computeConfidence({
    characters: trimmed.length,
    words,
    emergencyMatches: emergency,
    urgentMatches: urgent,
    combinations: combinations.length,
  });
  const keywords = [...new Set(matchedKeywords)];

  return {
    urgencyLevel,
    matchedKeywords: keywords,
    confidence,
    suggestions:
      mode === 'full'
        ? buildSuggestions({
            urgencyLevel,
            matchedKeywords: keywords,
            combinations,
            regionalUpgrade,
            words,
          })
        : [],
    medicalContext: URGENCY_MESSAGES[urgencyLevel],
  };
}

/** Whether the analysis is confident enough to be shown as settled (threshold 0.6). */
export function meetsConfidenceThreshold(analysis: Pick<SymptomAnalysis, 'confidence'>): boolean {
  return analysis.confidence >= CONFIDENCE_THRESHOLD;
}

/** The priority the server stores with a case: the full-mode urgency of its symptom text. */
export function casePriority(text: string, region: RegionSetting = 'default'): UrgencyLevel {
  return analyzeSymptoms(text, { region, mode: 'full' }).urgencyLevel;
}
