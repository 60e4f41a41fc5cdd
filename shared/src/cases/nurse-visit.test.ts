import { describe, expect, it } from 'vitest';
import { addressArea, nurseVisitStepRequestSchema } from './nurse-visit';

describe('the address area a nurse-visit card shows before the claim', () => {
  it('is what follows the street: town and postcode', () => {
    expect(addressArea('12 Elm Street, Springfield, IL 62701')).toBe('Springfield, IL 62701');
  });

  it('is nothing when the address may be the street alone', () => {
    expect(addressArea('12 Elm Street')).toBeNull();
    expect(addressArea('12 Elm Street,  ')).toBeNull();
  });
});

describe('a nurse visit step', () => {
  it('needs a time with its offset to schedule, and nothing else to finish', () => {
    const at = '2026-11-29T15:30:00.000Z';
    expect(nurseVisitStepRequestSchema.parse({ step: 'schedule', scheduledFor: at })).toEqual({
      step: 'schedule',
      scheduledFor: at,
    });
    expect(nurseVisitStepRequestSchema.safeParse({ step: 'schedule' }).success).toBe(false);
    expect(
      nurseVisitStepRequestSchema.safeParse({ step: 'schedule', scheduledFor: 'tomorrow' }).success,
    ).toBe(false);
    expect(nurseVisitStepRequestSchema.parse({ step: 'not_reached' })).toEqual({
      step: 'not_reached',
    });
  });
});
