import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@shared/second-factor/api';

/**
 * TOTP (RFC 6238) with the parameters every authenticator app reads from a QR code: SHA-1, six
 * digits, 30-second steps. `otpauth` (maintained, no native code) computes and checks codes.
 */
const ISSUER = 'Telehealth';

function totpOf(secret: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret (RFC 4226 §4 recommends 160 bits), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app reads from the QR code; `label` names the account. */
export function totpUri(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The time step (RFC 6238 `T`) of a moment. */
export function totpStep(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step whose code `code` is, within one step either side of `now` (clock drift and a
 * code typed as it changes), and only if that step is after `lastUsedStep`: a code accepted
 * once is refused for the rest of its window (RFC 6238 §5.2). Null when it matches none.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  now: number,
  lastUsedStep: number,
): number | null {
  if (!isTotpCode(code)) return null;
  const totp = totpOf(secret);
  const current = totpStep(now);
  for (const step of [current - 1, current, current + 1]) {
    if (step <= lastUsedStep) continue;
    const candidate = totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
    if (sameCode(candidate, code)) return step;
  }
  return null;
}

/** The code an authenticator app shows for `secret` at `now` (tests and the test helpers). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

/** Six digits: a TOTP code; anything else may be a recovery code. */
export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);
}

function sameCode(expected: string, given: string): boolean {
  // Constant-time: compare digests of equal length.
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return a.equals(b);
}

/** Letters and digits that cannot be mistaken for each other when read from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF_LENGTH = 5;

/**
 * Ten recovery codes of ten characters from a 31-letter alphabet (about 49 bits each), shown
 * once as `xxxxx-xxxxx`. Random and long, so a SHA-256 hash is enough to store them by.
 */
export function newRecoveryCodes(): string[] {
  const half = () =>
    Array.from(
      { length: RECOVERY_HALF_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);
}

/** The stored form of a recovery code: case, spaces and dashes do not matter when typed. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`recovery\n${normalized}`).digest('base64url');
}
