import { describe, expect, it } from 'vitest';
import { TOTP_PERIOD_SECONDS } from '@shared/second-factor/api';
import {
  hashRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from './totp';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const now = Date.UTC(2026, 10, 28, 12, 0, 10);

describe('TOTP codes (RFC 6238)', () => {
  it('computes the RFC 6238 test vectors (SHA-1, last six digits)', () => {
    // Appendix B: 94287082 at T=59 s and 07081804 at T=1111111109 s (eight digits there).
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
  });

  it('accepts the codes of one step either side of now, and no further', () => {
    const secret = newTotpSecret();
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(secret, now + offset * STEP_MS);
      expect(matchTotpStep(secret, code, now, -1)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      expect(matchTotpStep(secret, totpCode(secret, now + offset * STEP_MS), now, -1)).toBeNull();
    }
  });

  it('refuses a code of a step already used, or an earlier one (no replay)', () => {
    const secret = newTotpSecret();
    const code = totpCode(secret, now);
    const step = matchTotpStep(secret, code, now, -1)!;
    expect(matchTotpStep(secret, code, now, step)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, now - STEP_MS), now, step)).toBeNull();
    // The next step's code is still good once.
    expect(matchTotpStep(secret, totpCode(secret, now + STEP_MS), now, step)).toBe(step + 1);
  });

  it('refuses what is not six digits, and another secret’s code', () => {
    const secret = newTotpSecret();
    expect(matchTotpStep(secret, 'abcdef', now, -1)).toBeNull();
    expect(matchTotpStep(secret, `${totpCode(secret, now)}0`, now, -1)).toBeNull();
    expect(matchTotpStep(secret, totpCode(newTotpSecret(), now), now, -1)).toBeNull();
  });

  it('puts issuer, account and secret in the otpauth URI the QR code holds', () => {
    const secret = newTotpSecret();
    const uri = new URL(totpUri(secret, 'ada@example.org'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Telehealth');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.org');
  });
});

describe('recovery codes', () => {
  it('are ten different codes, stored by a hash that ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [first, second] = codes as [string, string];
    expect(hashRecoveryCode(` ${first.toUpperCase().replace('-', ' ')} `)).toBe(
      hashRecoveryCode(first),
    );
    expect(hashRecoveryCode(first)).not.toBe(hashRecoveryCode(second));
    expect(hashRecoveryCode(first)).not.toContain(first);
  });
});
