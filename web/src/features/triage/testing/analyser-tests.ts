import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { analysisCache } from '../lib/analysis-cache';
import { FULL_DEVICE, stubDevice } from './stub-device';

type Device = Parameters<typeof stubDevice>[0];

/**
 * Test setup of the analyser's users: fake timers, an empty analysis cache and a device that
 * gets the 'full' analyser before each test; unmount, restore the device, mocks and real timers
 * after it. Returns `switchDevice`, which swaps the stubbed device for the rest of a test.
 */
export function setUpAnalyserTests(): (device: Device) => void {
  let restore: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    analysisCache.clear();
    restore = stubDevice(FULL_DEVICE);
  });

  afterEach(() => {
    cleanup();
    restore();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  return (device) => {
    restore();
    restore = stubDevice(device);
  };
}
