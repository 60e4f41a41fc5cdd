import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Largest multiple of the alphabet size below 256: bytes at or above it are skipped (no bias). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** A random base-62 string from the system's CSPRNG. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** Stripe-style object id, e.g. `newId('cs_test')` → `cs_test_a1B2…`. */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}
