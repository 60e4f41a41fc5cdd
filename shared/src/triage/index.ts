/**
 * The symptom analyser (spec doc 1 §3, §4, §9): shared by the web forms and by the server, which
 * stores `casePriority(text)` with each case. Free of zod and of any runtime import outside this
 * folder, so the browser bundle stays small.
 */
export type { AnalyserMode, RegionSetting, SymptomAnalysis } from './types';
export {
  ANALYSIS_CACHE,
  ANALYSIS_DEBOUNCE_MS,
  CONFIDENCE,
  CONFIDENCE_THRESHOLD,
  EMERGENCY_PHONE,
  MAX_SUGGESTIONS,
  MAX_TERM_SUGGESTIONS,
  MIN_ANALYSIS_LENGTH,
  MIN_TERM_PREFIX_LENGTH,
  PERFORMANCE_BUDGET,
  SYMPTOM_TEXT_MAX_LENGTH,
  URGENCY_LABELS,
  URGENCY_MESSAGES,
} from './constants';
// The keyword lists and the term suggestions are public whole.
export * from './keywords';
export { computeConfidence, type ConfidenceInput } from './confidence';
export { REGION_LABELS, REGION_SETTINGS, isRegionSetting, parseRegionSetting } from './regions';
export {
  analyzeSymptoms,
  casePriority,
  findCombinations,
  meetsConfidenceThreshold,
  type AnalyseOptions,
} from './analyze';
export {
  analyzeWithBudget,
  chooseAnalyserMode,
  isLowEndDevice,
  FULL_MODE_MINIMUM,
  LOW_END_LIMITS,
  SLOW_CONNECTION_TYPES,
  type BudgetedAnalysis,
  type BudgetOptions,
  type DeviceCapabilities,
} from './modes';
export * from './terms';
export {
  bodyRegionIds,
  bodyRegions,
  findBodyRegion,
  type BodyRegion,
  type BodyRegionId,
} from './body-regions';
