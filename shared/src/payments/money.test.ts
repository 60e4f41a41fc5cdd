import { describe, expect, it } from 'vitest';
import { consultationHeld, doctorsOnDutyText, stripeCardFeeCents, waitPromiseText } from './money';

describe('money', () => {
  it('words the wait promise with its minutes', () => {
    expect(waitPromiseText(30)).toBe(
      'If no doctor starts your consultation within 30 minutes, you will not be charged',
    );
    expect(waitPromiseText(1)).toBe(
      'If no doctor starts your consultation within 1 minute, you will not be charged',
    );
  });

  it('counts doctors on duty, and says none plainly', () => {
    expect(doctorsOnDutyText(0)).toBe('No doctors are on duty right now');
    expect(doctorsOnDutyText(1)).toBe('1 doctor on duty now');
    expect(doctorsOnDutyText(3)).toBe('3 doctors on duty now');
  });

  it('holds a consultation only from the minimum connected time', () => {
    expect(consultationHeld(59, 60)).toBe(false);
    expect(consultationHeld(60, 60)).toBe(true);
  });

  it("loses Stripe's 39¢ fee on a refunded $2.99", () => {
    expect(stripeCardFeeCents()).toBe(39);
  });
});
