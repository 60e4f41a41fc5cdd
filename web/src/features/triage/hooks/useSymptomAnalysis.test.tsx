// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { analyzeSymptoms } from '@shared/triage';
import { setUpAnalyserTests } from '../testing/analyser-tests';
import { FULL_DEVICE, LOW_END_DEVICE } from '../testing/stub-device';
import { useSymptomAnalysis } from './useSymptomAnalysis';

const switchDevice = setUpAnalyserTests();

function renderAnalysis(text: string, region?: 'default' | 'sub-saharan') {
  return renderHook(
    ({ value, setting }: { value: string; setting?: 'default' | 'sub-saharan' }) =>
      useSymptomAnalysis(value, { region: setting }),
    { initialProps: { value: text, setting: region } },
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useSymptomAnalysis', () => {
  it('waits 500 ms after the last change', () => {
    const { result } = renderAnalysis('chest pain');
    expect(result.current).toMatchObject({ analysis: null, isAnalyzing: true, mode: 'full' });
    advance(499);
    expect(result.current.analysis).toBeNull();
    advance(1);
    expect(result.current.analysis).toEqual(analyzeSymptoms('chest pain', { mode: 'full' }));
    expect(result.current.isAnalyzing).toBe(false);
  });

  it('restarts the wait on each change and keeps the previous answer meanwhile', () => {
    const { result, rerender } = renderAnalysis('high fever');
    advance(500);
    const first = result.current.analysis;
    expect(first?.urgencyLevel).toBe('urgent');

    rerender({ value: 'high fever and chest', setting: undefined });
    advance(300);
    rerender({ value: 'high fever and chest pain', setting: undefined });
    advance(300);
    expect(result.current.analysis).toBe(first);
    expect(result.current.isAnalyzing).toBe(true);
    advance(200);
    expect(result.current.analysis?.urgencyLevel).toBe('emergency');
    expect(result.current.isAnalyzing).toBe(false);
  });

  it('does nothing under 2 characters and drops the previous answer', () => {
    const { result, rerender } = renderAnalysis('x');
    advance(1000);
    expect(result.current).toMatchObject({ analysis: null, isAnalyzing: false });

    rerender({ value: 'chest pain', setting: undefined });
    advance(500);
    expect(result.current.analysis).not.toBeNull();
    rerender({ value: ' c ', setting: undefined });
    expect(result.current).toMatchObject({ analysis: null, isAnalyzing: false });
  });

  it('chooses the mode once from the device: basic on a small screen', () => {
    switchDevice(LOW_END_DEVICE);
    const { result } = renderAnalysis('headache, stiff neck and fever');
    expect(result.current.mode).toBe('basic');
    advance(500);
    expect(result.current.analysis?.urgencyLevel).toBe('urgent');
    expect(result.current.analysis?.suggestions).toEqual([]);
  });

  it('chooses enhanced on a mid-range device', () => {
    switchDevice({ ...FULL_DEVICE, cores: 3 });
    expect(renderAnalysis('pain').result.current.mode).toBe('enhanced');
  });

  it('falls back to basic, for good, when an analysis exceeds 50 ms', () => {
    let t = 0;
    const slowClock = vi.spyOn(performance, 'now').mockImplementation(() => (t += 60));
    const { result, rerender } = renderAnalysis('headache, stiff neck and fever');
    advance(500);
    expect(result.current.mode).toBe('basic');
    expect(result.current.analysis).toEqual(
      analyzeSymptoms('headache, stiff neck and fever', { mode: 'basic' }),
    );
    expect(result.current.isAnalyzing).toBe(false);

    slowClock.mockRestore();
    rerender({ value: 'chest pain and sweating', setting: undefined });
    advance(500);
    expect(result.current.mode).toBe('basic');
    expect(result.current.analysis?.suggestions).toEqual([]);
  });

  it('passes the region setting on', () => {
    const { result } = renderAnalysis('typhoid', 'sub-saharan');
    advance(500);
    expect(result.current.analysis?.urgencyLevel).toBe('urgent');
  });

  it('reuses a cached answer for the same text, mode and region', () => {
    const first = renderAnalysis('persistent vomiting');
    advance(500);
    const cached = first.result.current.analysis;
    first.unmount();

    const second = renderAnalysis('  persistent vomiting ');
    advance(500);
    expect(second.result.current.analysis).toBe(cached);

    const other = renderAnalysis('persistent vomiting', 'sub-saharan');
    advance(500);
    expect(other.result.current.analysis).not.toBe(cached);
    expect(other.result.current.analysis).toEqual(cached);
  });
});
