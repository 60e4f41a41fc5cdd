import type { UrgencyLevel } from '../patients/request';

/**
 * Symptom analyser constants (spec doc 1 §5, §9).
 *
 * This folder is imported by the browser bundle, so it takes only *types* from
 * `../patients/request` (a runtime import would bring zod into the intake page).
 */

/** Texts shorter than this (after trimming) are not analysed: routine, confidence 0, no matches. */
export const MIN_ANALYSIS_LENGTH = 2;

/** The symptoms text area's limit; the same number as `SYMPTOMS_MAX_LENGTH` of the intake schemas. */
export const SYMPTOM_TEXT_MAX_LENGTH = 2000;

/**
 * Confidence at or above which an assessment counts as confident (`meetsConfidenceThreshold`).
 * It gates presentation only: below it the web panel labels the urgency "Preliminary" and asks
 * for more detail. It never changes the urgency level, so it can never downgrade a case.
 * With the formula in `confidence.ts` only a routine result of a short text (under 10 characters
 * and under 3 words, confidence 0.5) or a text under the minimum length (0) falls below it.
 */
export const CONFIDENCE_THRESHOLD = 0.6;

/** The confidence rules of spec §9; `confidence.ts` combines them. */
export const CONFIDENCE = {
  base: 0.5,
  /** Added once the (trimmed) text has this many characters. */
  lengthBonusMinChars: 10,
  lengthBonus: 0.1,
  /** Added once the text has this many words. */
  wordsBonusMinWords: 3,
  wordsBonus: 0.1,
  emergencyBase: 0.8,
  emergencyPerMatch: 0.1,
  emergencyCap: 0.95,
  urgentBase: 0.6,
  urgentPerMatch: 0.1,
  urgentCap: 0.85,
  /** Added (once) when at least one dangerous combination is present. */
  combinationBonus: 0.2,
  /** Ceiling of every result, including one raised by a combination. */
  overallCap: 0.95,
} as const;

/** The spec's message for each urgency level, quoted exactly; the result's `medicalContext`. */
export const URGENCY_MESSAGES: Record<UrgencyLevel, string> = {
  emergency: 'Immediate medical attention required. Call emergency services.',
  urgent: 'See healthcare provider today or within 24 hours.',
  routine: 'Schedule regular appointment with healthcare provider.',
};

/** Display labels of the urgency levels. */
export const URGENCY_LABELS: Record<UrgencyLevel, string> = {
  emergency: 'Emergency',
  urgent: 'Urgent',
  routine: 'Routine',
};

/** Up to 5 suggestions in an analysis; up to 3 inline medical term suggestions. */
export const MAX_SUGGESTIONS = 5;
export const MAX_TERM_SUGGESTIONS = 3;
/** Inline term suggestions start once the current word has this many characters. */
export const MIN_TERM_PREFIX_LENGTH = 2;

/** The web field waits this long after the last keystroke before analysing. */
export const ANALYSIS_DEBOUNCE_MS = 500;

/**
 * Performance budget (spec §9). Only `analysisMs` is enforced here (`analyzeWithBudget`);
 * `memoryPercent` is the heap-usage ceiling used by `isLowEndDevice` when the browser reports it;
 * `loadMs` and `renderMs` are page-level budgets kept here so every reader shares one number.
 */
export const PERFORMANCE_BUDGET = {
  loadMs: 3000,
  memoryPercent: 80,
  renderMs: 100,
  analysisMs: 50,
} as const;

/** In-memory analysis cache (spec §9): 50 MB in all, entries expire after 1 hour. */
export const ANALYSIS_CACHE = {
  maxBytes: 50 * 1024 * 1024,
  ttlMs: 60 * 60 * 1000,
} as const;

/** Emergency telephone number named by the spec. */
export const EMERGENCY_PHONE = '911';
