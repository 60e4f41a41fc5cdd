import type { DeviceCapabilities } from '@shared/triage';

/** The non-standard parts of `navigator` and `performance` read here (Chromium only). */
interface NavigatorHints {
  deviceMemory?: number;
  hardwareConcurrency?: number;
  connection?: { effectiveType?: string };
}
interface PerformanceHints {
  memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number };
}

export interface DeviceSources {
  navigator?: NavigatorHints;
  screen?: { width: number };
  performance?: PerformanceHints;
}

function finitePositive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * What this browser reports about its device, for `chooseAnalyserMode`: memory, cores,
 * connection type, screen width and (Chromium) heap usage. Missing values stay undefined.
 */
export function readDeviceCapabilities(
  sources: DeviceSources = {
    navigator: globalThis.navigator,
    screen: globalThis.screen,
    performance: globalThis.performance as PerformanceHints | undefined,
  },
): DeviceCapabilities {
  const { navigator: nav, screen, performance } = sources;
  const memory = performance?.memory;
  const heapLimit = finitePositive(memory?.jsHeapSizeLimit);
  return {
    memoryGb: finitePositive(nav?.deviceMemory),
    cores: finitePositive(nav?.hardwareConcurrency),
    effectiveConnectionType: nav?.connection?.effectiveType,
    screenWidth: screen?.width ?? 0,
    heapUsageRatio: memory && heapLimit ? memory.usedJSHeapSize / heapLimit : undefined,
  };
}
