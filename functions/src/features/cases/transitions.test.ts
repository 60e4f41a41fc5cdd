import { describe, expect, it } from 'vitest';
import { caseStatuses } from '@shared/cases/status';
import {
  allowedTransitions,
  canTransition,
  judgePayment,
  type PaymentEvidence,
} from './transitions';

const evidence = (overrides: Partial<PaymentEvidence> = {}): PaymentEvidence => ({
  checkoutSessionId: 'cs_test_1',
  clientReferenceId: 'case-1',
  paymentStatus: 'paid',
  amountTotal: 299,
  currency: 'usd',
  paymentIntentId: 'pi_1',
  eventId: null,
  ...overrides,
});

describe('case state machine (DESIGN.md §5)', () => {
  it('moves forward only along the lifecycle', () => {
    expect(canTransition('awaiting_payment', 'paid')).toBe(true);
    expect(canTransition('paid', 'claimed')).toBe(true);
    expect(canTransition('claimed', 'in_call')).toBe(true);
    expect(canTransition('in_call', 'completed')).toBe(true);
    expect(canTransition('awaiting_payment', 'claimed')).toBe(false);
    expect(canTransition('in_call', 'awaiting_payment')).toBe(false);
    expect(canTransition('completed', 'paid')).toBe(false);
  });

  it('has final states with no way out, and covers every status', () => {
    expect(Object.keys(allowedTransitions).sort()).toEqual([...caseStatuses].sort());
    for (const final of ['completed', 'expired', 'cancelled'] as const) {
      expect(allowedTransitions[final]).toEqual([]);
    }
  });
});

describe('payment judgement: only what Stripe says, for this case and the fee', () => {
  it('accepts a paid $2.99 session for the case', () => {
    expect(judgePayment('case-1', evidence())).toBeNull();
    expect(judgePayment('case-1', evidence({ currency: 'USD' }))).toBeNull();
  });

  it.each([
    [{ paymentStatus: 'unpaid' }, 'not_paid'],
    [{ paymentStatus: 'no_payment_required' }, 'not_paid'],
    [{ clientReferenceId: 'case-2' }, 'wrong_case'],
    [{ clientReferenceId: null }, 'wrong_case'],
    [{ amountTotal: 1 }, 'wrong_amount'],
    [{ currency: 'eur' }, 'wrong_amount'],
  ] as const)('refuses %j as %s', (overrides, reason) => {
    expect(judgePayment('case-1', evidence(overrides))).toBe(reason);
  });
});
