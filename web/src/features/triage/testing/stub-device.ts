/**
 * Test helper: makes jsdom's `navigator`/`screen` report a device, for the analyser mode choice.
 * jsdom reports 0 px screens (and the host's cores), which would always mean 'basic'.
 * Returns a function that restores the originals.
 */
export function stubDevice({
  cores,
  memoryGb,
  effectiveType,
  screenWidth,
}: {
  cores?: number;
  memoryGb?: number;
  effectiveType?: string;
  screenWidth: number;
}): () => void {
  const stubs: [object, string, unknown][] = [
    [navigator, 'hardwareConcurrency', cores],
    [navigator, 'deviceMemory', memoryGb],
    [navigator, 'connection', effectiveType ? { effectiveType } : undefined],
    [screen, 'width', screenWidth],
  ];
  for (const [target, key, value] of stubs) {
    Object.defineProperty(target, key, { value, configurable: true });
  }
  return () => {
    for (const [target, key] of stubs) Reflect.deleteProperty(target, key);
  };
}

/** A desktop that gets the 'full' analyser. */
export const FULL_DEVICE = { cores: 8, memoryGb: 8, effectiveType: '4g', screenWidth: 1440 };
/** A phone that gets the 'basic' analyser. */
export const LOW_END_DEVICE = { cores: 8, memoryGb: 8, effectiveType: '4g', screenWidth: 375 };
