import { describe, expect, it } from 'vitest';
import { caseStatuses } from '@shared/cases/status';
import type { PaymentEvidence } from '../payments/evidence';
import { allowedTransitions, canTransition, judgePayment } from './transitions';

const evidence = (overrides: Partial<PaymentEvidence> = {}): PaymentEvidence => ({
  checkoutSessionId: 'cs_test_1',
  clientReferenceId: 'case-1',
  sessionStatus: 'complete',
  paymentIntentId: 'pi_1',
  intent: { status: 'requires_capture', amount: 299, currency: 'usd', caseId: 'case-1' },
  eventId: null,
  ...overrides,
});
const intent = (overrides: Partial<NonNullable<PaymentEvidence['intent']>>) =>
  evidence({ intent: { ...evidence().intent!, ...overrides } });

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
  it('accepts a $2.99 authorization of a completed session for the case (docs/adr/0024)', () => {
    expect(judgePayment('case-1', evidence())).toBeNull();
    expect(judgePayment('case-1', intent({ currency: 'USD' }))).toBeNull();
    // Captured already: a session paid before manual capture.
    expect(judgePayment('case-1', intent({ status: 'succeeded' }))).toBeNull();
    // Sessions made before the PaymentIntent carried the case id.
    expect(judgePayment('case-1', intent({ caseId: null }))).toBeNull();
  });

  it.each([
    [{ sessionStatus: 'open' }, 'not_paid'],
    [{ sessionStatus: 'expired' }, 'not_paid'],
    [{ intent: null }, 'not_paid'],
    [{ clientReferenceId: 'case-2' }, 'wrong_case'],
    [{ clientReferenceId: null }, 'wrong_case'],
  ] as const)('refuses the session %j as %s', (overrides, reason) => {
    expect(judgePayment('case-1', evidence(overrides))).toBe(reason);
  });

  it.each([
    // The session is complete but the card was not authorized (yet), or the authorization is gone.
    [{ status: 'requires_payment_method' }, 'not_paid'],
    [{ status: 'requires_action' }, 'not_paid'],
    [{ status: 'processing' }, 'not_paid'],
    [{ status: 'canceled' }, 'not_paid'],
    [{ caseId: 'case-2' }, 'wrong_case'],
    [{ amount: 1 }, 'wrong_amount'],
    [{ currency: 'eur' }, 'wrong_amount'],
  ] as const)('refuses the payment intent %j as %s', (overrides, reason) => {
    expect(judgePayment('case-1', intent(overrides))).toBe(reason);
  });
});
