import { describe, expect, it } from 'vitest';
import { REGION_LABELS, REGION_SETTINGS, parseRegionSetting } from './regions';

describe('parseRegionSetting', () => {
  it('reads unset and empty as the default region (no regional rule)', () => {
    expect(parseRegionSetting(undefined, 'TRIAGE_REGION')).toBe('default');
    expect(parseRegionSetting('', 'TRIAGE_REGION')).toBe('default');
  });

  it('takes each of the analyser’s region names', () => {
    expect(REGION_SETTINGS).toEqual(['default', 'sub-saharan']);
    for (const region of REGION_SETTINGS) expect(parseRegionSetting(region, 'X')).toBe(region);
  });

  it('refuses an unknown value, naming the setting', () => {
    expect(() => parseRegionSetting('Sub-Saharan', 'triageRegion')).toThrow(
      'triageRegion must be one of default, sub-saharan (or unset), got "Sub-Saharan"',
    );
  });

  it('names each region for the admin panel', () => {
    expect(REGION_LABELS).toEqual({ default: 'Default', 'sub-saharan': 'Sub-Saharan Africa' });
  });
});
