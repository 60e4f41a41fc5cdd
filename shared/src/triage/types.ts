import type { UrgencyLevel } from '../patients/request';

/** The symptom analyser's answer (spec doc 1 §3: Symptom analysis result). */
export interface SymptomAnalysis {
  urgencyLevel: UrgencyLevel;
  matchedKeywords: string[];
  confidence: number;
  suggestions: string[];
  medicalContext: string;
}

export type AnalyserMode = 'basic' | 'enhanced' | 'full';
export type RegionSetting = 'default' | 'sub-saharan';
