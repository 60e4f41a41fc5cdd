import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adminFetch,
  adminListAll,
  adminToken,
  providerFetch,
  sessionCookieOf,
  signInProvider,
  signInProviderAgain,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { nextCodeOf, postCode, postPassword, rememberSecret } from '#local/testing/second-factor';
import { useTestStack } from '#local/testing/stack-context';
import { insertAdminUser } from '#db/admin-users';
import { hashPassword } from '#lib/auth/passwords';
import { totpCode } from './totp';
import * as adminContracts from '@shared/admin/contracts';
import type { AuditLogEntry } from '@shared/admin/audit-log';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';
import { SECOND_FACTOR_MESSAGES, type SecondFactorChallenge } from '@shared/second-factor/api';

/**
 * Issue 25 item 7: providers and admins sign in with a password, then a TOTP code (RFC 6238) or
 * a recovery code; the first sign-in enrols. Through the local gateway, against DynamoDB Local.
 */
const stack = useTestStack();

const me = (cookie: string) =>
  providerFetch(stack, cookie, pathOf(providerContracts.providerMe, {}));

/** The password step of a provider who enrolled: its challenge. */
async function passwordStep(provider: SignedInProvider): Promise<SecondFactorChallenge> {
  const { email, password } = provider;
  const response = await postPassword(stack, 'provider', { email, password });
  expect(response.status).toBe(200);
  // No session before the second step.
  expect(response.headers.get('set-cookie')).toBeNull();
  return (await response.json()) as SecondFactorChallenge;
}

/** The next unused code of a provider's authenticator. */
function codeOf(provider: SignedInProvider): Promise<string> {
  rememberSecret(stack, 'provider', provider.email, provider.totpSecret);
  return nextCodeOf(stack, 'provider', provider.email);
}

const messageOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

describe('the second factor of providers', () => {
  it('enrols at the first sign-in: QR code and key, a code confirms, recovery codes once', async () => {
    const provider = await signInProvider(stack, {}, { keepTemporaryPassword: true });
    // signInProvider went through the enrolment: the recovery codes came with its session.
    expect(provider.recoveryCodes).toHaveLength(10);
    expect((await me(provider.cookie)).status).toBe(200);

    // A second sign-in asks for a code, no longer for an enrolment: the secret is never sent again.
    const challenge = await passwordStep(provider);
    expect(challenge.step).toBe('code');
    expect(JSON.stringify(challenge)).not.toContain(provider.totpSecret);
    const signedIn = await postCode(
      stack,
      'provider',
      challenge.pendingSignIn,
      await codeOf(provider),
    );
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as { id: string; recoveryCodes?: string[] };
    expect(body.id).toBe(provider.id);
    expect(body.recoveryCodes).toBeUndefined();
    expect((await me(sessionCookieOf(signedIn))).status).toBe(200);
  });

  it('refuses a wrong code and a replayed one, and no session exists before the code', async () => {
    const provider = await signInProvider(stack);
    const challenge = await passwordStep(provider);
    // The pending sign-in is no session: not as a cookie, not as a bearer token.
    expect((await me(`th_session=${challenge.pendingSignIn}`)).status).toBe(401);

    const wrong = await postCode(stack, 'provider', challenge.pendingSignIn, '000000');
    expect(wrong.status).toBe(401);
    expect(await messageOf(wrong)).toBe(SECOND_FACTOR_MESSAGES.codeWrong);

    const code = await codeOf(provider);
    const accepted = await postCode(stack, 'provider', challenge.pendingSignIn, code);
    expect(accepted.status).toBe(200);
    // The pending sign-in made one session; it cannot make another.
    const again = await postCode(
      stack,
      'provider',
      challenge.pendingSignIn,
      await codeOf(provider),
    );
    expect(again.status).toBe(401);
    expect(await messageOf(again)).toBe(SECOND_FACTOR_MESSAGES.signInExpired);

    // The same code after a new password step: refused within its window (RFC 6238 §5.2).
    const replay = await passwordStep(provider);
    const replayed = await postCode(stack, 'provider', replay.pendingSignIn, code);
    expect(replayed.status).toBe(401);
    expect(await messageOf(replayed)).toBe(SECOND_FACTOR_MESSAGES.codeWrong);
  });

  it('a sign-in whose password changed between its two steps gets a refused session', async () => {
    const provider = await signInProvider(stack);
    const challenge = await passwordStep(provider);
    const change = await providerFetch(
      stack,
      provider,
      pathOf(providerContracts.providerChangePassword, {}),
      {
        method: 'POST',
        body: JSON.stringify({
          currentPassword: provider.password,
          newPassword: 'changed-between-the-steps-7',
        }),
      },
    );
    expect(change.status).toBe(200);
    const late = await postCode(stack, 'provider', challenge.pendingSignIn, await codeOf(provider));
    // The code is right, but the session carries the old password's version (review L4).
    expect((await me(sessionCookieOf(late))).status).toBe(401);
  });

  it('ends a pending sign-in after five wrong codes: the password is asked again', async () => {
    const provider = await signInProvider(stack);
    const challenge = await passwordStep(provider);
    for (let wrong = 0; wrong < 5; wrong += 1) {
      const refused = await postCode(stack, 'provider', challenge.pendingSignIn, '000000');
      expect(await messageOf(refused)).toBe(SECOND_FACTOR_MESSAGES.codeWrong);
    }
    const late = await postCode(stack, 'provider', challenge.pendingSignIn, await codeOf(provider));
    expect(late.status).toBe(401);
    expect(await messageOf(late)).toBe(SECOND_FACTOR_MESSAGES.signInExpired);
  });

  it('signs in once with each recovery code', async () => {
    const provider = await signInProvider(stack);
    const [recoveryCode] = provider.recoveryCodes as [string];
    const first = await passwordStep(provider);
    // As typed from paper: upper case, a space for the dash.
    const typed = recoveryCode.toUpperCase().replace('-', ' ');
    const accepted = await postCode(stack, 'provider', first.pendingSignIn, typed);
    expect(accepted.status).toBe(200);
    expect((await me(sessionCookieOf(accepted))).status).toBe(200);

    const second = await passwordStep(provider);
    const reused = await postCode(stack, 'provider', second.pendingSignIn, recoveryCode);
    expect(reused.status).toBe(401);
    expect(await messageOf(reused)).toBe(SECOND_FACTOR_MESSAGES.codeWrong);
  });

  it("an admin's reset ends the provider's sessions, is audited, and the next sign-in enrols", async () => {
    const provider = await signInProvider(stack);
    const admin = await adminToken(stack);
    const reset = await adminFetch(
      stack,
      admin,
      pathOf(adminContracts.adminResetSecondFactor, { id: provider.applicationId }),
      { method: 'POST' },
    );
    expect(reset.status).toBe(204);
    expect((await me(provider.cookie)).status).toBe(401);

    // The old secret's codes no longer sign in: the password step enrols a new secret.
    const challenge = await passwordStep(provider);
    expect(challenge.step).toBe('enrol');
    if (challenge.step !== 'enrol') return;
    expect(challenge.enrolment.secret).not.toBe(provider.totpSecret);
    expect(challenge.enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(challenge.enrolment.qrCode.split(',')[1]!, 'base64').toString()).toContain(
      '<svg',
    );
    expect(challenge.enrolment.otpauthUri).toContain(`secret=${challenge.enrolment.secret}`);
    const oldCode = totpCode(provider.totpSecret, Date.now());
    const refused = await postCode(stack, 'provider', challenge.pendingSignIn, oldCode);
    expect(refused.status).toBe(401);
    const enrolled = await postCode(
      stack,
      'provider',
      challenge.pendingSignIn,
      totpCode(challenge.enrolment.secret, Date.now()),
    );
    expect(enrolled.status).toBe(200);
    expect(((await enrolled.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);

    const logs = await adminListAll<AuditLogEntry>(
      stack,
      admin,
      pathOf(adminContracts.adminListLogs, {}),
    );
    const entry = logs.find(
      (log) => log.action === 'SECOND_FACTOR_RESET' && log.applicationId === provider.applicationId,
    );
    expect(entry?.adminId).toBeTruthy();
    // An application nobody sent: nothing to reset.
    const unknown = await adminFetch(
      stack,
      admin,
      pathOf(adminContracts.adminResetSecondFactor, { id: `APP-${randomUUID()}` }),
      { method: 'POST' },
    );
    expect([400, 404]).toContain(unknown.status);
  });

  it('the reset is for admins only', async () => {
    const provider = await signInProvider(stack);
    const path = pathOf(adminContracts.adminResetSecondFactor, { id: provider.applicationId });
    const asProvider = await providerFetch(stack, provider, path, { method: 'POST' });
    expect(asProvider.status).toBe(403);
    // The provider still signs in with the factor they have.
    expect((await signInProviderAgain(stack, provider)).status).toBe(200);
  });
});

describe('the second factor of admins', () => {
  it('an admin without a factor enrols at the first sign-in; the password alone gives no token', async () => {
    const username = `mfa-${randomUUID().slice(0, 8)}`;
    const password = 'an-admin-password-1234';
    await insertAdminUser({
      username,
      passwordHash: await hashPassword(password),
      email: `${username}@example.org`,
    });
    const login = await postPassword(stack, 'admin', { username, password });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toBeNull();
    const challenge = (await login.json()) as SecondFactorChallenge & { token?: string };
    expect(challenge.token).toBeUndefined();
    expect(challenge.step).toBe('enrol');
    if (challenge.step !== 'enrol') return;
    const signedIn = await postCode(
      stack,
      'admin',
      challenge.pendingSignIn,
      totpCode(challenge.enrolment.secret, Date.now()),
    );
    expect(signedIn.status).toBe(200);
    const { token, recoveryCodes } = (await signedIn.json()) as {
      token: string;
      recoveryCodes: string[];
    };
    expect(recoveryCodes).toHaveLength(10);
    const stats = await adminFetch(stack, token, pathOf(adminContracts.adminStats, {}));
    expect(stats.status).toBe(200);

    // A provider's pending sign-in is no admin's: the kinds do not mix.
    const provider = await signInProvider(stack);
    const providerChallenge = await passwordStep(provider);
    const crossed = await postCode(stack, 'admin', providerChallenge.pendingSignIn, '123456');
    expect(await messageOf(crossed)).toBe(SECOND_FACTOR_MESSAGES.signInExpired);
  });
});
