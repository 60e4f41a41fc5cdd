/**
 * Stripe's test cards, and the checks Stripe's card form makes before charging. The card number
 * is only ever looked at here: callers keep `brand` and `last4`, nothing more.
 */

export type CardField = 'email' | 'card_number' | 'expiry' | 'cvc' | 'name';

export interface CardForm {
  email: string;
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface CardSummary {
  brand: string;
  last4: string;
}

export type CardCheck =
  | { outcome: 'approved'; card: CardSummary }
  | { outcome: 'invalid'; errors: Partial<Record<CardField, string>> }
  | { outcome: 'declined'; card: CardSummary; code: string; message: string };

interface TestCard {
  brand: string;
  cvcLength: number;
  decline?: { code: string; message: string };
}

export const GENERIC_DECLINE_MESSAGE = 'Your card was declined.';

/** https://docs.stripe.com/testing#cards and #declined-payments */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', cvcLength: 3 },
  '5555555555554444': { brand: 'mastercard', cvcLength: 3 },
  '4000000000000002': {
    brand: 'visa',
    cvcLength: 3,
    decline: { code: 'generic_decline', message: GENERIC_DECLINE_MESSAGE },
  },
  '4000000000009995': {
    brand: 'visa',
    cvcLength: 3,
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': {
    brand: 'visa',
    cvcLength: 3,
    decline: { code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    brand: 'visa',
    cvcLength: 3,
    decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
};

export const MESSAGES = {
  emailIncomplete: 'Your email is incomplete.',
  emailInvalid: 'Your email address is invalid.',
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  nameIncomplete: 'Enter the name on the card.',
} as const;

function checkEmail(email: string): string | null {
  const value = email.trim();
  if (value === '') return MESSAGES.emailIncomplete;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : MESSAGES.emailInvalid;
}

/** Accepts `MM / YY`, `MM/YY`, `MMYY` and `MM/YYYY`; valid through the end of that month. */
function checkExpiry(expiry: string, now: Date): string | null {
  const compact = expiry.replace(/\s+/g, '');
  if (compact === '') return MESSAGES.expiryIncomplete;
  const match = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(compact);
  if (!match?.[1] || !match[2]) return MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return MESSAGES.expiryInvalid;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year < currentYear || (year === currentYear && month < currentMonth)) {
    return MESSAGES.expiryPast;
  }
  if (year > currentYear + 50) return MESSAGES.expiryYearInvalid;
  return null;
}

export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const email = checkEmail(form.email);
  if (email) errors.email = email;

  const digits = form.card_number.replace(/[\s-]+/g, '');
  const card = /^\d+$/.test(digits) ? TEST_CARDS[digits] : undefined;
  if (digits === '') errors.card_number = MESSAGES.numberIncomplete;
  else if (!card) errors.card_number = MESSAGES.numberInvalid;

  const expiry = checkExpiry(form.expiry, now);
  if (expiry) errors.expiry = expiry;

  const cvc = form.cvc.trim();
  if (cvc === '') errors.cvc = MESSAGES.cvcIncomplete;
  else if (!/^\d+$/.test(cvc)) errors.cvc = MESSAGES.cvcInvalid;
  else if (cvc.length < (card?.cvcLength ?? 3)) errors.cvc = MESSAGES.cvcIncomplete;
  else if (cvc.length > (card?.cvcLength ?? 4)) errors.cvc = MESSAGES.cvcInvalid;

  if (form.name.trim() === '') errors.name = MESSAGES.nameIncomplete;

  if (Object.keys(errors).length > 0 || !card) return { outcome: 'invalid', errors };
  const summary = { brand: card.brand, last4: digits.slice(-4) };
  if (card.decline) return { outcome: 'declined', card: summary, ...card.decline };
  return { outcome: 'approved', card: summary };
}
