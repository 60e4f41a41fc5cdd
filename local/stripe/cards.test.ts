import { describe, expect, it } from 'vitest';
import { checkCard, GENERIC_DECLINE_MESSAGE, MESSAGES, type CardForm } from './cards';

const now = new Date('2026-06-15T12:00:00Z');
const valid: CardForm = {
  email: 'pat@example.com',
  card_number: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  name: 'Pat Doe',
};

describe('checkCard', () => {
  it('approves 4242… and keeps only brand and last4', () => {
    expect(checkCard(valid, now)).toEqual({
      outcome: 'approved',
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('declines 4000 0000 0000 0002 with Stripe’s message', () => {
    const result = checkCard({ ...valid, card_number: '4000000000000002' }, now);
    expect(result).toMatchObject({ outcome: 'declined', message: GENERIC_DECLINE_MESSAGE });
  });

  it('calls any other number invalid, and an empty one incomplete', () => {
    expect(checkCard({ ...valid, card_number: '4111 1111 1111 1111' }, now)).toEqual({
      outcome: 'invalid',
      errors: { card_number: MESSAGES.numberInvalid },
    });
    expect(checkCard({ ...valid, card_number: ' ' }, now)).toEqual({
      outcome: 'invalid',
      errors: { card_number: MESSAGES.numberIncomplete },
    });
  });

  it('checks expiry: empty, malformed, past, this month, far future', () => {
    const errorFor = (expiry: string) => {
      const result = checkCard({ ...valid, expiry }, now);
      return result.outcome === 'invalid' ? result.errors.expiry : undefined;
    };
    expect(errorFor('')).toBe(MESSAGES.expiryIncomplete);
    expect(errorFor('1/')).toBe(MESSAGES.expiryIncomplete);
    expect(errorFor('13/30')).toBe(MESSAGES.expiryInvalid);
    expect(errorFor('05/26')).toBe(MESSAGES.expiryPast);
    expect(errorFor('06/26')).toBeUndefined();
    expect(errorFor('0630')).toBeUndefined();
    expect(errorFor('06/2099')).toBe(MESSAGES.expiryYearInvalid);
  });

  it('checks CVC, email and name', () => {
    const result = checkCard({ ...valid, cvc: '', email: 'nope', name: ' ' }, now);
    expect(result).toEqual({
      outcome: 'invalid',
      errors: {
        cvc: MESSAGES.cvcIncomplete,
        email: MESSAGES.emailInvalid,
        name: MESSAGES.nameIncomplete,
      },
    });
    const short = checkCard({ ...valid, cvc: '12' }, now);
    expect(short.outcome === 'invalid' && short.errors.cvc).toBe(MESSAGES.cvcIncomplete);
  });
});
