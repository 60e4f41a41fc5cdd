import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as adminContracts from '@shared/admin/contracts';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';
import {
  SECOND_FACTOR_MESSAGES,
  TOTP_PERIOD_SECONDS,
  type SecondFactorChallenge,
} from '@shared/second-factor/api';
import { totpCode, totpStep } from '#features/auth/totp';
import { appFetch } from './stack-context';
import { keepNumber, readKeptNumber, stepsDirOf } from './test-accounts-dir';

/**
 * The test helpers' authenticator app (issue 25): every provider and admin sign-in is a password,
 * then a TOTP code. The helpers enrol when the server asks and keep each account's secret for
 * this worker, and never send a code of a time step they already used for that account: the
 * server refuses a code twice, so several sign-ins of one account in one 30-second step use the
 * neighbouring steps the server also accepts, then one of the recovery codes the helpers put
 * aside at enrolment, and only then wait for the next step (a wait of up to 30 s would make the
 * suite slow and a test with several sign-ins run out of its time).
 */

export type SignInKind = 'provider' | 'admin';
type StackLike = { appUrl: string };

interface Authenticator {
  secret: string;
  /** The latest step this worker sent a code of, for this account. */
  lastStep: number;
  /** Where `lastStep` is kept for the worker's next test file (`stepFileOf`). */
  stepFile: string;
  /** Recovery codes put aside at enrolment, spent when every accepted step is used. */
  spareRecoveryCodes: string[];
}

/**
 * Of the recovery codes an enrolment answers, the helpers keep the last ones for themselves;
 * tests that try recovery codes use the first ones (`SignedInProvider.recoveryCodes[0]`).
 */
const SPARE_RECOVERY_CODES = 5;
const authenticators = new Map<string, Authenticator>();
const accountKey = (stack: StackLike, kind: SignInKind, account: string) =>
  `${stack.appUrl} ${kind} ${account.trim().toLowerCase()}`;

/**
 * The steps a worker used are kept in a file per account, not only in this module: each test
 * file starts with fresh modules, and a worker's admin signs in again in its next file. Without
 * the file, that sign-in would send a code of a step the previous file used, be refused, and
 * could wait up to 30 s for a new step. One worker signs an admin in at a time (each worker has
 * its own, global-setup.ts), so the file needs no lock.
 */
function stepFileOf(stack: StackLike, key: string): string {
  const name = createHash('sha256').update(key).digest('hex').slice(0, 24);
  return path.join(stepsDirOf(stack), name);
}

/** Removes the steps kept for a stack's accounts (global setup, when the stack stops). */
export function forgetStoredSteps(stack: StackLike): void {
  rmSync(stepsDirOf(stack), { recursive: true, force: true });
}

const routes = {
  provider: { login: providerContracts.providerLogin, code: providerContracts.providerLoginCode },
  admin: { login: adminContracts.adminLogin, code: adminContracts.adminLoginCode },
} as const;

function post(stack: StackLike, path: string, body: unknown): Promise<Response> {
  return appFetch(stack as never, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The password step as the sign-in page sends it. */
export function postPassword(
  stack: StackLike,
  kind: SignInKind,
  credentials: Record<string, string>,
): Promise<Response> {
  return post(stack, pathOf(routes[kind].login, {}), credentials);
}

/** The code step as the sign-in page sends it. */
export function postCode(
  stack: StackLike,
  kind: SignInKind,
  pendingSignIn: string,
  code: string,
): Promise<Response> {
  return post(stack, pathOf(routes[kind].code, {}), { pendingSignIn, code });
}

/**
 * The code of the next time step not used yet, within the window the server accepts; else a
 * spare recovery code when `recoveryAllowed` (the code field of the API takes either).
 */
async function nextCode(authenticator: Authenticator, recoveryAllowed = true): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.max(totpStep(now) - 1, authenticator.lastStep + 1);
    if (step <= totpStep(now) + 1) {
      authenticator.lastStep = step;
      keepNumber(authenticator.stepFile, step);
      return totpCode(authenticator.secret, step * TOTP_PERIOD_SECONDS * 1000);
    }
    const spare = recoveryAllowed ? authenticator.spareRecoveryCodes.pop() : undefined;
    if (spare) return spare;
    // All three accepted steps are used: wait for the next one (a helper's wait, not a test's).
    const nextStepAt = (totpStep(now) + 1) * TOTP_PERIOD_SECONDS * 1000;
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - now + 20));
  }
}

/** The secret the helpers hold for an account (after they enrolled it, or were told it). */
export function secretOf(stack: StackLike, kind: SignInKind, account: string): string | undefined {
  return authenticators.get(accountKey(stack, kind, account))?.secret;
}

/** Tells the helpers an account's secret (an account enrolled elsewhere, e.g. by global setup). */
export function rememberSecret(
  stack: StackLike,
  kind: SignInKind,
  account: string,
  secret: string,
): void {
  const key = accountKey(stack, kind, account);
  if (authenticators.get(key)?.secret !== secret) {
    const stepFile = stepFileOf(stack, key);
    authenticators.set(key, {
      secret,
      lastStep: readKeptNumber(stepFile, -1),
      spareRecoveryCodes: [],
      stepFile,
    });
  }
}

/**
 * The next unused TOTP code of an account whose secret the helpers hold, for typing into a
 * sign-in page (e2e; the page's code field takes the 6 digits).
 */
export function nextCodeOf(stack: StackLike, kind: SignInKind, account: string): Promise<string> {
  const authenticator = authenticators.get(accountKey(stack, kind, account));
  if (!authenticator) throw new Error(`no TOTP secret known for this ${kind}`);
  return nextCode(authenticator, false);
}

export interface SecondFactorSignIn {
  /** The code step's answer (200: session cookie, and for an admin the token), unread. */
  response: Response;
  secret: string;
  /** Set when this sign-in enrolled the account. */
  recoveryCodes?: string[];
}

/**
 * Signs in with both steps: the password, then a code (enrolling first when the account has no
 * factor), with the account's `totpSecret` when the helpers were not there when it enrolled. A code another worker used in
 * the same step is refused: the next step's code is tried, and the password step is repeated
 * when the pending sign-in ran out of tries. Throws when the password step is refused.
 */
export async function signInWithSecondFactor(
  stack: StackLike,
  kind: SignInKind,
  account:
    | { email: string; password: string; totpSecret?: string }
    | { username: string; password: string; totpSecret?: string },
): Promise<SecondFactorSignIn> {
  const { totpSecret, ...credentials } = account;
  const name = 'email' in credentials ? credentials.email : credentials.username;
  if (totpSecret) rememberSecret(stack, kind, name, totpSecret);
  for (let round = 0; round < 4; round += 1) {
    const login = await postPassword(stack, kind, credentials);
    if (login.status !== 200) {
      throw new Error(`${kind} password step failed: ${login.status} ${await login.text()}`);
    }
    const challenge = (await login.json()) as SecondFactorChallenge;
    if (challenge.step === 'enrol') rememberSecret(stack, kind, name, challenge.enrolment.secret);
    const authenticator = authenticators.get(accountKey(stack, kind, name));
    if (!authenticator) throw new Error(`no TOTP secret known for this ${kind}`);
    for (let tries = 0; tries < 3; tries += 1) {
      const response = await postCode(
        stack,
        kind,
        challenge.pendingSignIn,
        await nextCode(authenticator),
      );
      if (response.status === 200) {
        if (challenge.step !== 'enrol') return { response, secret: authenticator.secret };
        const { recoveryCodes } = (await response.clone().json()) as { recoveryCodes?: string[] };
        authenticator.spareRecoveryCodes = (recoveryCodes ?? []).slice(-SPARE_RECOVERY_CODES);
        return { response, secret: authenticator.secret, recoveryCodes };
      }
      const { message } = (await response.json()) as { message?: string };
      if (message === SECOND_FACTOR_MESSAGES.signInExpired) break;
      if (message !== SECOND_FACTOR_MESSAGES.codeWrong) {
        throw new Error(`${kind} code step failed: ${response.status} ${message}`);
      }
    }
  }
  throw new Error(`${kind} sign-in: no code was accepted`);
}
