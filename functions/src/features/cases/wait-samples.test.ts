import { describe, expect, it } from 'vitest';
import { claimReadyAt, minutesBetween } from './wait-samples';

const at = (time: string) => `2026-11-29T${time}:00.000Z`;

describe('claimReadyAt', () => {
  it('starts from the payment when the doctor was free before it', () => {
    const ready = claimReadyAt(at('10:20'), {
      callEnds: [at('10:05')],
      dashboardOpenings: [at('09:00')],
    });
    expect(ready).toBe(at('10:20'));
  });

  it("starts from the end of the doctor's last call when the case waited behind it", () => {
    const ready = claimReadyAt(at('10:00'), {
      callEnds: [at('10:12'), null, at('10:31')],
      dashboardOpenings: [at('08:00')],
    });
    expect(ready).toBe(at('10:31'));
    // Measured from the payment, the wait behind that call would count as the claim's delay.
    expect(minutesBetween(ready, at('10:33'))).toBe(2);
  });

  it('starts from the start of duty: the oldest dashboard still open', () => {
    const ready = claimReadyAt(at('02:00'), {
      callEnds: [],
      dashboardOpenings: [at('08:10'), at('08:02')],
    });
    expect(ready).toBe(at('08:02'));
  });
});
