/** Symptom triage UI: the analysed symptom field, its hook and the body-region picker. */
export { SymptomField, type SymptomFieldProps } from './components/SymptomField';
export { BodyRegionPicker, type BodyRegionPickerProps } from './components/BodyRegionPicker';
export {
  AnalysisPanel,
  ANALYSIS_PANEL_TEXT,
  type AnalysisPanelProps,
} from './components/AnalysisPanel';
export {
  useSymptomAnalysis,
  type SymptomAnalysisOptions,
  type SymptomAnalysisState,
} from './hooks/useSymptomAnalysis';
export { AnalysisCache, analysisCache, analysisCacheKey } from './lib/analysis-cache';
export { readDeviceCapabilities, type DeviceSources } from './lib/device';
