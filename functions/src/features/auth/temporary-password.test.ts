import { describe, expect, it } from 'vitest';
import { TEMPORARY_PASSWORD_LIFETIME_MS, temporaryPasswordExpired } from './temporary-password';

describe('the emailed temporary password (issue 25, review L5)', () => {
  const issuedAt = '2026-11-20T08:00:00.000Z';
  const issued = Date.parse(issuedAt);
  const temporary = { mustChangePassword: true, temporaryIssuedAt: issuedAt };

  it('works for 72 hours from its issue, and not a millisecond longer', () => {
    expect(TEMPORARY_PASSWORD_LIFETIME_MS).toBe(72 * 60 * 60 * 1000);
    expect(temporaryPasswordExpired(temporary, issued)).toBe(false);
    expect(temporaryPasswordExpired(temporary, issued + TEMPORARY_PASSWORD_LIFETIME_MS - 1)).toBe(
      false,
    );
    expect(temporaryPasswordExpired(temporary, issued + TEMPORARY_PASSWORD_LIFETIME_MS)).toBe(true);
  });

  it('counts as expired when its issue time is unknown (issued before issue 25)', () => {
    expect(temporaryPasswordExpired({ mustChangePassword: true }, issued)).toBe(true);
  });

  it("never expires the provider's own password", () => {
    const own = { mustChangePassword: false, temporaryIssuedAt: issuedAt };
    expect(temporaryPasswordExpired(own, issued + 10 * TEMPORARY_PASSWORD_LIFETIME_MS)).toBe(false);
    expect(temporaryPasswordExpired({ mustChangePassword: false }, issued)).toBe(false);
  });
});
