import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminFetch, providerFetch, signInProvider } from '#local/testing/provider-journey';
import { signInWithSecondFactor } from '#local/testing/second-factor';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { deactivateAdminUser, insertAdminUser } from '#db/admin-users';
import { providerActiveTx } from '#db/providers';
import { getSession } from '#db/sessions';
import { writeTransaction } from '#db/transaction';
import { hashPassword } from '#lib/auth/passwords';
import { hashToken } from '#lib/auth/tokens';
import { deactivateAdmin } from '../admin/deactivate-admin';
import * as adminContracts from '@shared/admin/contracts';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';

/**
 * Issue 10 item 3: every provider and admin request re-reads the account, so a session ends
 * with its account even when nothing deleted it; deactivating an admin also ends its sessions.
 */
const stack = useTestStack();
const statsPath = pathOf(adminContracts.adminStats, {});
const mePath = pathOf(providerContracts.providerMe, {});

/** A fresh administrator (the shared one stays active for the other tests), signed in. */
async function signedInAdmin() {
  const username = `ops-${randomUUID().slice(0, 8)}`;
  const password = 'an-admin-password-1234';
  await insertAdminUser({
    username,
    passwordHash: await hashPassword(password),
    email: `${username}@example.org`,
  });
  // Its first sign-in enrols the second factor (issue 25).
  const { response: login } = await signInWithSecondFactor(stack, 'admin', { username, password });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return { username, token, cookie };
}

describe('sessions end with the account', () => {
  it(
    "a deactivated provider's live session gets 401 on the next request",
    { timeout: 90_000 },
    async () => {
      const provider = await signInProvider(stack);
      expect((await providerFetch(stack, provider, mePath)).status).toBe(200);
      // Only the account changes: the session item stays, as if the revocation had missed it.
      await writeTransaction([providerActiveTx(provider.id, false)]);
      const next = await providerFetch(stack, provider, mePath);
      expect(next.status).toBe(401);
      expect(((await next.json()) as { message: string }).message).toBe(
        'Your session has expired. Please sign in again.',
      );
    },
  );

  it(
    "a deactivated admin's sessions (bearer and cookie) get 401",
    { timeout: 60_000 },
    async () => {
      const admin = await signedInAdmin();
      expect((await adminFetch(stack, admin.token, statsPath)).status).toBe(200);
      // The account alone: the session is still stored, and still refused.
      expect(await deactivateAdminUser(admin.username)).toBe(true);
      expect((await adminFetch(stack, admin.token, statsPath)).status).toBe(401);
      const byCookie = await appFetch(stack, statsPath, { headers: { cookie: admin.cookie } });
      expect(byCookie.status).toBe(401);
    },
  );

  it('deactivating an admin ends every session of the account', { timeout: 60_000 }, async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    expect(await deactivateAdmin(admin.username)).toBe(true);
    await expect(getSession(hashToken(admin.token))).resolves.toBeNull();
    expect((await adminFetch(stack, admin.token, statsPath)).status).toBe(401);
    // Another administrator is untouched.
    expect((await adminFetch(stack, other.token, statsPath)).status).toBe(200);
    expect(await deactivateAdmin(`nobody-${randomUUID()}`)).toBe(false);
  });
});
