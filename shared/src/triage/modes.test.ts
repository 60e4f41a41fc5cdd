import { describe, expect, it, vi } from 'vitest';
import { analyzeSymptoms } from './analyze';
import { PERFORMANCE_BUDGET } from './constants';
import {
  analyzeWithBudget,
  chooseAnalyserMode,
  isLowEndDevice,
  type DeviceCapabilities,
} from './modes';

const desktop: DeviceCapabilities = {
  memoryGb: 8,
  cores: 8,
  effectiveConnectionType: '4g',
  screenWidth: 1440,
};

describe('performance budget (spec doc 1 §9)', () => {
  it('states the spec numbers', () => {
    expect(PERFORMANCE_BUDGET).toEqual({
      loadMs: 3000,
      memoryPercent: 80,
      renderMs: 100,
      analysisMs: 50,
    });
  });
});

describe('isLowEndDevice', () => {
  it('is false for a capable desktop', () => {
    expect(isLowEndDevice(desktop)).toBe(false);
  });

  it('memory of 2 GB or less', () => {
    expect(isLowEndDevice({ ...desktop, memoryGb: 2 })).toBe(true);
    expect(isLowEndDevice({ ...desktop, memoryGb: 0.5 })).toBe(true);
    expect(isLowEndDevice({ ...desktop, memoryGb: 4 })).toBe(false);
  });

  it('2 or fewer cores', () => {
    expect(isLowEndDevice({ ...desktop, cores: 2 })).toBe(true);
    expect(isLowEndDevice({ ...desktop, cores: 1 })).toBe(true);
    expect(isLowEndDevice({ ...desktop, cores: 3 })).toBe(false);
  });

  it.each(['slow-2g', '2g', '3g'])('a slow connection (%s)', (effectiveConnectionType) => {
    expect(isLowEndDevice({ ...desktop, effectiveConnectionType })).toBe(true);
  });

  it('a screen under 768 px', () => {
    expect(isLowEndDevice({ ...desktop, screenWidth: 767 })).toBe(true);
    expect(isLowEndDevice({ ...desktop, screenWidth: 768 })).toBe(false);
  });

  it('a heap at or above the 80 % memory budget', () => {
    expect(isLowEndDevice({ ...desktop, heapUsageRatio: 0.8 })).toBe(true);
    expect(isLowEndDevice({ ...desktop, heapUsageRatio: 0.79 })).toBe(false);
  });

  it('does not hold unknown values against the device', () => {
    expect(isLowEndDevice({ screenWidth: 1024 })).toBe(false);
  });
});

describe('chooseAnalyserMode', () => {
  it('basic for a low-end device', () => {
    expect(chooseAnalyserMode({ ...desktop, cores: 2 })).toBe('basic');
    expect(chooseAnalyserMode({ ...desktop, screenWidth: 375 })).toBe('basic');
  });

  it('full with 4 GB and 4 cores or more', () => {
    expect(chooseAnalyserMode(desktop)).toBe('full');
    expect(chooseAnalyserMode({ ...desktop, memoryGb: 4, cores: 4 })).toBe('full');
  });

  it('full when memory and cores are unknown', () => {
    expect(chooseAnalyserMode({ screenWidth: 1280 })).toBe('full');
  });

  it('enhanced in between', () => {
    expect(chooseAnalyserMode({ ...desktop, cores: 3 })).toBe('enhanced');
    expect(chooseAnalyserMode({ ...desktop, memoryGb: 3 })).toBe('enhanced');
  });
});

/** A clock that moves `step` ms between reads. */
function clock(step: number) {
  let t = 0;
  return () => {
    const current = t;
    t += step;
    return current;
  };
}

describe('analyzeWithBudget', () => {
  const text = 'headache, stiff neck and fever';

  it('returns the asked mode within 50 ms', () => {
    const { analysis, mode } = analyzeWithBudget(text, 'full', clock(50));
    expect(mode).toBe('full');
    expect(analysis).toEqual(analyzeSymptoms(text, { mode: 'full' }));
  });

  it('falls back to basic over 50 ms', () => {
    const { analysis, mode } = analyzeWithBudget(text, 'enhanced', clock(51));
    expect(mode).toBe('basic');
    expect(analysis).toEqual(analyzeSymptoms(text, { mode: 'basic' }));
  });

  it('falls back to basic when the analysis throws', () => {
    const analyse = vi.fn((input: string, options?: Parameters<typeof analyzeSymptoms>[1]) => {
      if (options?.mode !== 'basic') throw new Error('boom');
      return analyzeSymptoms(input, options);
    });
    const result = analyzeWithBudget(text, 'full', clock(0), { analyse });
    expect(result.mode).toBe('basic');
    expect(result.analysis.urgencyLevel).toBe('urgent');
    expect(analyse).toHaveBeenCalledTimes(2);
  });

  it('runs basic directly, untimed', () => {
    const now = vi.fn(clock(1000));
    const result = analyzeWithBudget(text, 'basic', now);
    expect(result.mode).toBe('basic');
    expect(now).not.toHaveBeenCalled();
  });

  it('passes the region on, also to the fallback', () => {
    expect(
      analyzeWithBudget('typhoid', 'full', clock(0), { region: 'sub-saharan' }).analysis
        .urgencyLevel,
    ).toBe('urgent');
    expect(
      analyzeWithBudget('typhoid', 'full', clock(100), { region: 'sub-saharan' }).analysis
        .urgencyLevel,
    ).toBe('urgent');
  });

  it('uses the real clock by default', () => {
    expect(analyzeWithBudget('chest pain', 'full').analysis.urgencyLevel).toBe('emergency');
  });
});
