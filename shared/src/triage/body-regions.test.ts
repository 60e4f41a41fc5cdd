import { describe, expect, it } from 'vitest';
import { bodyRegionIds, bodyRegions, findBodyRegion } from './body-regions';

describe('body regions (spec doc 1 §3)', () => {
  it('lists the 12 regions with the spec urgency levels, in order', () => {
    expect(bodyRegions.map((region) => [region.id, region.urgencyLevel])).toEqual([
      ['head', 'routine'],
      ['neck_throat', 'urgent'],
      ['chest', 'emergency'],
      ['abdomen', 'urgent'],
      ['back', 'routine'],
      ['arms', 'routine'],
      ['legs', 'routine'],
      ['skin', 'urgent'],
      ['genital', 'urgent'],
      ['general', 'urgent'],
      ['mental', 'routine'],
      ['emergency', 'emergency'],
    ]);
    expect(bodyRegions.map((region) => region.id)).toEqual([...bodyRegionIds]);
  });

  it('gives each a name and a few distinct common symptoms', () => {
    for (const region of bodyRegions) {
      expect(region.name.length).toBeGreaterThan(0);
      expect(region.commonSymptoms.length).toBeGreaterThanOrEqual(3);
      expect(new Set(region.commonSymptoms).size).toBe(region.commonSymptoms.length);
    }
    expect(new Set(bodyRegions.map((region) => region.name)).size).toBe(12);
  });

  it('finds a region by id', () => {
    expect(findBodyRegion('chest')?.name).toBe('Chest');
    expect(findBodyRegion('elbow')).toBeUndefined();
  });
});
