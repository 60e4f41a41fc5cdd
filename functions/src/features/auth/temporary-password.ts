import type { ProviderLogin } from '#db/provider-logins';

/**
 * How long the emailed temporary password works (ASVS 5.0 V6.4.1; issue 25, review L5): long
 * enough for a weekend between approval and first sign-in, short enough that a forgotten email
 * is no lasting credential. The administrator approves again to send a new one.
 */
export const TEMPORARY_PASSWORD_LIFETIME_MS = 72 * 60 * 60 * 1000;

/**
 * Whether a sign-in still on its temporary password has held it too long. A temporary password
 * issued before issue 25 has no issue time: it is treated as expired, since nothing bounds its
 * age. A provider's own password never expires here.
 */
export function temporaryPasswordExpired(
  login: Pick<ProviderLogin, 'mustChangePassword' | 'temporaryIssuedAt'>,
  now = Date.now(),
): boolean {
  if (!login.mustChangePassword) return false;
  const issuedAt = login.temporaryIssuedAt ? Date.parse(login.temporaryIssuedAt) : NaN;
  return !(now - issuedAt < TEMPORARY_PASSWORD_LIFETIME_MS);
}
