import type { RegionSetting } from './types';

/** The analyser's region settings: the values `TRIAGE_REGION` may take (spec doc 1 §9). */
export const REGION_SETTINGS = [
  'default',
  'sub-saharan',
] as const satisfies readonly RegionSetting[];

/** The region in words an administrator understands (the admin panel's System Status card). */
export const REGION_LABELS: Record<RegionSetting, string> = {
  default: 'Default',
  'sub-saharan': 'Sub-Saharan Africa',
};

export function isRegionSetting(value: unknown): value is RegionSetting {
  return REGION_SETTINGS.some((region) => region === value);
}

/**
 * A region setting from configuration: unset or empty is 'default' (no regional rule); any other
 * unknown value is refused, so a typo cannot silently turn the regional rule off.
 */
export function parseRegionSetting(value: string | undefined, settingName: string): RegionSetting {
  if (value === undefined || value === '') return 'default';
  if (isRegionSetting(value)) return value;
  throw new Error(
    `${settingName} must be one of ${REGION_SETTINGS.join(', ')} (or unset), got ${JSON.stringify(value)}`,
  );
}
