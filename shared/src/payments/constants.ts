/** The flat fee (spec doc 1 §9): $2.99 for both care types, in cents for Stripe. */
export const CONSULTATION_FEE_CENTS = 299;
export const CONSULTATION_CURRENCY = 'usd';
export const CONSULTATION_FEE_LABEL = '$2.99';
export const MEETING_DURATION_MINUTES = 15;
