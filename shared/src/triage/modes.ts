import { analyzeSymptoms } from './analyze';
import { PERFORMANCE_BUDGET } from './constants';
import type { AnalyserMode, RegionSetting, SymptomAnalysis } from './types';

/**
 * What a browser tells about its device. Only `screenWidth` is always known; the others come
 * from APIs some browsers lack (`navigator.deviceMemory`, `navigator.hardwareConcurrency`,
 * `navigator.connection.effectiveType`, Chrome's `performance.memory`), and an unknown value is
 * never held against the device.
 */
export interface DeviceCapabilities {
  /** `navigator.deviceMemory`, in GB. */
  memoryGb?: number;
  /** `navigator.hardwareConcurrency`. */
  cores?: number;
  /** `navigator.connection.effectiveType`: 'slow-2g' | '2g' | '3g' | '4g'. */
  effectiveConnectionType?: string;
  /** CSS pixels (`screen.width`). */
  screenWidth: number;
  /** Used / limit of the JS heap, 0 … 1, where the browser reports it. */
  heapUsageRatio?: number;
}

/** Connection types counted as slow (the Network Information API's names). */
export const SLOW_CONNECTION_TYPES: readonly string[] = ['slow-2g', '2g', '3g'];

export const LOW_END_LIMITS = {
  maxMemoryGb: 2,
  maxCores: 2,
  minScreenWidth: 768,
} as const;

/** A device with at least this much memory and this many cores (or unknown) gets 'full'. */
export const FULL_MODE_MINIMUM = { memoryGb: 4, cores: 4 } as const;

/**
 * Low-end (spec §9): memory 2 GB or less, 2 or fewer cores, a slow connection ('slow-2g', '2g',
 * '3g') or a screen under 768 px; also a heap already at or above the 80 % memory budget.
 */
export function isLowEndDevice(device: DeviceCapabilities): boolean {
  const { memoryGb, cores, effectiveConnectionType, screenWidth, heapUsageRatio } = device;
  return (
    (memoryGb !== undefined && memoryGb <= LOW_END_LIMITS.maxMemoryGb) ||
    (cores !== undefined && cores <= LOW_END_LIMITS.maxCores) ||
    (effectiveConnectionType !== undefined &&
      SLOW_CONNECTION_TYPES.includes(effectiveConnectionType)) ||
    screenWidth < LOW_END_LIMITS.minScreenWidth ||
    (heapUsageRatio !== undefined && heapUsageRatio * 100 >= PERFORMANCE_BUDGET.memoryPercent)
  );
}

/**
 * The analyser mode for a device (spec §4):
 * - 'basic' for a low-end device (`isLowEndDevice`);
 * - 'full' when memory and cores are each at least 4 or unknown;
 * - 'enhanced' otherwise (e.g. 3 cores, or 3 GB reported).
 */
export function chooseAnalyserMode(device: DeviceCapabilities): AnalyserMode {
  if (isLowEndDevice(device)) return 'basic';
  const { memoryGb, cores } = device;
  const roomy =
    (memoryGb === undefined || memoryGb >= FULL_MODE_MINIMUM.memoryGb) &&
    (cores === undefined || cores >= FULL_MODE_MINIMUM.cores);
  return roomy ? 'full' : 'enhanced';
}

export interface BudgetedAnalysis {
  analysis: SymptomAnalysis;
  /** The mode that produced `analysis`: the one asked for, or 'basic' after a fallback. */
  mode: AnalyserMode;
}

export interface BudgetOptions {
  region?: RegionSetting;
  /** The analyser to run; a seam for tests. */
  analyse?: typeof analyzeSymptoms;
}

const defaultNow = () => performance.now();

/**
 * Runs the analyser in `mode` within the 50 ms analysis budget (spec §4, §9). When the run takes
 * longer than the budget, or throws, the text is analysed again in 'basic' mode and that result
 * is returned with mode 'basic'; callers should stay in basic from then on. A basic run is not
 * timed (there is nothing cheaper to fall back to).
 */
export function analyzeWithBudget(
  text: string,
  mode: AnalyserMode,
  now: () => number = defaultNow,
  { region = 'default', analyse = analyzeSymptoms }: BudgetOptions = {},
): BudgetedAnalysis {
  const basic = (): BudgetedAnalysis => ({
    analysis: analyse(text, { region, mode: 'basic' }),
    mode: 'basic',
  });
  if (mode === 'basic') return basic();
  try {
    const started = now();
    const analysis = analyse(text, { region, mode });
    if (now() - started > PERFORMANCE_BUDGET.analysisMs) return basic();
    return { analysis, mode };
  } catch {
    return basic();
  }
}
