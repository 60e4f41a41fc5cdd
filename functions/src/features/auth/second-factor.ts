import type { SecondFactorChallenge } from '@shared/second-factor/api';
import { SECOND_FACTOR_MESSAGES } from '@shared/second-factor/api';
import {
  countPendingSignInFailure,
  getPendingSignIn,
  putPendingSignIn,
  takePendingSignIn,
  type PendingSignIn,
} from '#db/pending-sign-ins';
import {
  enrolSecondFactor,
  getSecondFactor,
  useRecoveryCode,
  useTotpStep,
} from '#db/second-factors';
import type { SessionRole } from '#db/sessions';
import { hashToken, newToken } from '#lib/auth/tokens';
import { HttpError } from '#core/errors';
import { beginSignIn } from './login-limits';
import {
  hashRecoveryCode,
  isTotpCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
} from './totp';

/**
 * The second step of provider and admin sign-ins (issue 25, docs/adr/0016-second-factor.md).
 * The password step calls `challengeSecondFactor`: it stores a pending sign-in (no session) and
 * answers its token, with a new secret and its QR code when the account has no factor yet. The
 * code step calls `completeSecondFactor`, which checks the code (or a recovery code, or the
 * enrolment's first code) and takes the pending sign-in, so it yields at most one session.
 */

/** How long the code step may follow the password step. */
export const PENDING_SIGN_IN_SECONDS = 5 * 60;
/** Wrong codes one password step allows; each also counts toward the account's sign-in limits. */
export const PENDING_SIGN_IN_MAX_FAILURES = 5;

export interface SignInSubject {
  role: SessionRole;
  subjectId: string;
  /** The email or username as typed at the password step. */
  account: string;
  mustChangePassword?: boolean;
  username?: string;
  credentialsVersion?: number;
}

/** After a right password: the pending sign-in, and an enrolment for an account without factor. */
export async function challengeSecondFactor(
  subject: SignInSubject,
  now = Date.now(),
): Promise<SecondFactorChallenge> {
  const factor = await getSecondFactor(subject.role, subject.subjectId);
  const pendingSignIn = newToken();
  const enrolSecret = factor ? undefined : newTotpSecret();
  await putPendingSignIn(hashToken(pendingSignIn), {
    ...subject,
    expiresAt: now + PENDING_SIGN_IN_SECONDS * 1000,
    failures: 0,
    ...(enrolSecret ? { enrolSecret } : {}),
  });
  if (!enrolSecret) return { step: 'code', pendingSignIn };
  const otpauthUri = totpUri(enrolSecret, subject.account);
  // Drawn here, not in the browser: the web bundle carries no QR encoder. Imported when an
  // enrolment needs it (once an account): the encoder and its PNG codec are about 57 KB of
  // minified code that every sign-in's cold start compiled (issue 29 item 5).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M' });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return { step: 'enrol', pendingSignIn, enrolment: { secret: enrolSecret, otpauthUri, qrCode } };
}

export interface CompletedSignIn {
  pending: PendingSignIn;
  /** The recovery codes of an enrolment this step completed, in clear this once. */
  recoveryCodes?: string[];
}

const signInExpired = () => new HttpError(401, SECOND_FACTOR_MESSAGES.signInExpired);

/**
 * The code step: a pending sign-in of `role`, and a code that proves the factor. Every attempt
 * counts toward the sign-in limits of `auth/login-limits.ts` (per account and client prefix,
 * growing delays after a few failures, even for a right code), in a count of its own that only
 * a right code clears. Throws 401 (wrong code, or an unknown, expired or exhausted pending
 * sign-in) or 429.
 */
export async function completeSecondFactor(
  role: SessionRole,
  clientIp: string,
  request: { pendingSignIn: string; code: string },
  now = Date.now(),
): Promise<CompletedSignIn> {
  const tokenHash = hashToken(request.pendingSignIn);
  const pending = await getPendingSignIn(tokenHash);
  if (!pending || pending.role !== role || pending.expiresAt <= now) throw signInExpired();
  // Codes are counted apart from passwords (`code:` account): a right password clears the
  // password's failures, never the codes', so knowing the password buys no fresh guesses.
  const attempt = await beginSignIn(role, clientIp, `code:${pending.account}`);

  const outcome = pending.enrolSecret
    ? await confirmEnrolment(pending, pending.enrolSecret, request.code, now)
    : await checkFactor(pending, request.code, now);
  if (outcome === 'expired') throw signInExpired();
  if (outcome === 'wrong') {
    // The last allowed wrong code ends the pending sign-in: the password must be typed again.
    if (!(await countPendingSignInFailure(tokenHash, PENDING_SIGN_IN_MAX_FAILURES))) {
      await takePendingSignIn(tokenHash);
    }
    throw new HttpError(401, SECOND_FACTOR_MESSAGES.codeWrong);
  }
  if (!(await takePendingSignIn(tokenHash))) throw signInExpired();
  await attempt.succeeded();
  return { pending, ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}) };
}

type Outcome = 'wrong' | 'expired' | { recoveryCodes?: string[] };

/** The first code from the new secret stores the factor with fresh recovery codes. */
async function confirmEnrolment(
  pending: PendingSignIn,
  secret: string,
  code: string,
  now: number,
): Promise<Outcome> {
  const step = matchTotpStep(secret, code, now, -1);
  if (step === null) return 'wrong';
  const recoveryCodes = newRecoveryCodes();
  const enrolled = await enrolSecondFactor(pending.role, pending.subjectId, {
    secret,
    lastUsedStep: step,
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    enrolledAt: new Date(now).toISOString(),
  });
  // Another sign-in enrolled meanwhile: this secret was never stored, so it proves nothing.
  return enrolled ? { recoveryCodes } : 'expired';
}

/** A TOTP code of a step not used yet, or an unused recovery code (spent by this check). */
async function checkFactor(pending: PendingSignIn, code: string, now: number): Promise<Outcome> {
  const factor = await getSecondFactor(pending.role, pending.subjectId);
  // Reset by an admin since the password step: the next sign-in enrols.
  if (!factor) return 'expired';
  if (isTotpCode(code)) {
    const step = matchTotpStep(factor.secret, code, now, factor.lastUsedStep);
    if (step === null) return 'wrong';
    return (await useTotpStep(pending.role, pending.subjectId, step)) ? {} : 'wrong';
  }
  const spent = await useRecoveryCode(pending.role, pending.subjectId, hashRecoveryCode(code));
  return spent ? {} : 'wrong';
}
