import { describe, expect, it } from 'vitest';
import { chooseAnalyserMode } from '@shared/triage';
import { readDeviceCapabilities } from './device';

describe('readDeviceCapabilities', () => {
  it('reads memory, cores, connection, screen width and heap usage', () => {
    expect(
      readDeviceCapabilities({
        navigator: { deviceMemory: 4, hardwareConcurrency: 8, connection: { effectiveType: '4g' } },
        screen: { width: 1280 },
        performance: { memory: { usedJSHeapSize: 50, jsHeapSizeLimit: 200 } },
      }),
    ).toEqual({
      memoryGb: 4,
      cores: 8,
      effectiveConnectionType: '4g',
      screenWidth: 1280,
      heapUsageRatio: 0.25,
    });
  });

  it('leaves what the browser does not report undefined (Safari, Firefox)', () => {
    const device = readDeviceCapabilities({
      navigator: { hardwareConcurrency: 8 },
      screen: { width: 1280 },
      performance: {},
    });
    expect(device).toEqual({
      memoryGb: undefined,
      cores: 8,
      effectiveConnectionType: undefined,
      screenWidth: 1280,
      heapUsageRatio: undefined,
    });
    expect(chooseAnalyserMode(device)).toBe('full');
  });

  it('treats a missing screen as 0 px (low-end) and ignores nonsense numbers', () => {
    const device = readDeviceCapabilities({ navigator: { hardwareConcurrency: 0 } });
    expect(device.screenWidth).toBe(0);
    expect(device.cores).toBeUndefined();
    expect(chooseAnalyserMode(device)).toBe('basic');
  });
});
