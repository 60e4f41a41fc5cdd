import { describe, expect, it } from 'vitest';
import { budgets } from './budgets';

/**
 * The budgets are issue 12's goals (issue 26's call figures, issue 28's simulated day, issue 29's
 * status goal against the floor), written down once. A change to this test is a change of a
 * goal, to be argued in an issue, never a budget raised to fit a measurement.
 */
describe('bench budgets', () => {
  it('are exactly the goals of issues 12, 26, 28 and 29', () => {
    expect(budgets).toEqual({
      landingFirstLoadJsGzipBytes: 100 * 1024,
      routeFirstLoadJsGzipBytes: 150 * 1024,
      lighthouseMinScore: { '/': 0.95, '/patient-telehealth': 0.9, '/admin': 0.9 },
      handlerImportMedianMs: 60,
      statusOverFloorMinRatio: 0.9,
      pushWaitingRoom: { patients: 10_000, p99Ms: 100, errors: 0 },
      pastCapacity: { patients: 10_000, refusalP99Ms: 50, timeouts: 0 },
      pushRequestsPerPatientMinute: 6,
      callNetwork: { minRuns: 10, faultToMediaP95Ms: 5_000, joinToFrameP50Ms: 1_000 },
      simulatedDay: { feesLostOnNeverSeenCents: 0, estimateWithinMinShare: 0.8 },
    });
  });
});
