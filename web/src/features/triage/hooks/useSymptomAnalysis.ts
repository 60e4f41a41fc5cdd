import { useEffect, useState } from 'react';
import {
  ANALYSIS_DEBOUNCE_MS,
  MIN_ANALYSIS_LENGTH,
  analyzeWithBudget,
  chooseAnalyserMode,
  type AnalyserMode,
  type RegionSetting,
  type SymptomAnalysis,
} from '@shared/triage';
import { analysisCache, analysisCacheKey } from '../lib/analysis-cache';
import { readDeviceCapabilities } from '../lib/device';

export interface SymptomAnalysisOptions {
  /** Default 'default'. */
  region?: RegionSetting;
}

export interface SymptomAnalysisState {
  /** The latest answer; null below 2 characters and before the first answer. */
  analysis: SymptomAnalysis | null;
  /** The analyser mode in use: chosen once from the device, 'basic' after a budget fallback. */
  mode: AnalyserMode;
  /** True while the text has changed since the shown answer (debounce pending). */
  isAnalyzing: boolean;
}

interface Result {
  key: string;
  analysis: SymptomAnalysis;
}

/**
 * Analyses symptom text as the patient types (spec doc 1 §4, §9): 500 ms after the last change,
 * from 2 characters, in the mode chosen once from the device (`chooseAnalyserMode`), within the
 * 50 ms budget (`analyzeWithBudget`). A fallback to 'basic' sticks for the life of the component.
 * Answers are cached by text, mode and region (`analysisCache`: 1 hour, 50 MB). While a new
 * answer is pending the previous one stays visible, with `isAnalyzing` true.
 */
export function useSymptomAnalysis(
  text: string,
  { region = 'default' }: SymptomAnalysisOptions = {},
): SymptomAnalysisState {
  const [mode, setMode] = useState<AnalyserMode>(() =>
    chooseAnalyserMode(readDeviceCapabilities()),
  );
  const [result, setResult] = useState<Result | null>(null);

  const trimmed = text.trim();
  const active = trimmed.length >= MIN_ANALYSIS_LENGTH;
  const key = analysisCacheKey(trimmed, mode, region);

  // Under the minimum the previous answer is dropped, so it cannot resurface for another text.
  if (!active && result !== null) setResult(null);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      let analysis = analysisCache.get(key);
      let resultKey = key;
      if (!analysis) {
        const budgeted = analyzeWithBudget(trimmed, mode, undefined, { region });
        analysis = budgeted.analysis;
        resultKey = analysisCacheKey(trimmed, budgeted.mode, region);
        analysisCache.set(resultKey, analysis);
        if (budgeted.mode !== mode) setMode(budgeted.mode);
      }
      const next = { key: resultKey, analysis };
      setResult((previous) =>
        previous?.key === next.key && previous.analysis === next.analysis ? previous : next,
      );
    }, ANALYSIS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [active, key, trimmed, mode, region]);

  return {
    analysis: active ? (result?.analysis ?? null) : null,
    mode,
    isAnalyzing: active && result?.key !== key,
  };
}
