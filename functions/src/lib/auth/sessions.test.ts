import { afterEach, describe, expect, it, vi } from 'vitest';
import { envNames, reloadEnv } from '#core/env';
import { clearedSessionCookie, sessionCookie } from './cookies';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, isSessionLive } from './sessions';
import { hashToken, newToken } from './tokens';
import { hashPassword, verifyPassword } from './passwords';

describe('sessions', () => {
  const createdAt = Date.UTC(2026, 10, 21, 8);
  const session = { role: 'admin' as const, subjectId: 'a', createdAt, lastSeenAt: createdAt };

  it('expire after 30 idle minutes', () => {
    expect(isSessionLive(session, createdAt + SESSION_IDLE_MS - 1)).toBe(true);
    expect(isSessionLive(session, createdAt + SESSION_IDLE_MS)).toBe(false);
  });

  it('expire 12 hours after sign-in however active', () => {
    const active = { ...session, lastSeenAt: createdAt + SESSION_ABSOLUTE_MS - 1000 };
    expect(isSessionLive(active, createdAt + SESSION_ABSOLUTE_MS - 1)).toBe(true);
    expect(isSessionLive(active, createdAt + SESSION_ABSOLUTE_MS)).toBe(false);
  });

  it('use 256-bit random tokens stored only as hashes', () => {
    const token = newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).not.toContain(token);
  });

  it('travel in an HttpOnly SameSite browser-session cookie, Secure and __Host- over TLS', () => {
    // `__Host-`: Secure, Path=/ and no Domain, or browsers refuse it (issue 25, review L3).
    expect(sessionCookie('t', true)).toBe(
      '__Host-th_session=t; Path=/; HttpOnly; SameSite=Strict; Secure',
    );
    expect(clearedSessionCookie(true)).toMatch(
      /^__Host-th_session=; Path=\/; .*Max-Age=0; Secure$/,
    );
    // Plain http (the local stack): browsers refuse `__Host-` there, so the bare name.
    expect(sessionCookie('t', false)).toBe('th_session=t; Path=/; HttpOnly; SameSite=Strict');
    expect(clearedSessionCookie(false)).toMatch(/^th_session=; /);
  });
});

describe('passwords', () => {
  // Three scrypt runs at 128 MiB each: seconds on a loaded 2-core machine, not a time limit.
  it('hash with scrypt at OWASP cost and verify', { timeout: 30_000 }, async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('wrong', stored)).resolves.toBe(false);
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
  });

  describe('on a test stack that lowers the cost', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      reloadEnv();
    });

    it('hash new passwords at that cost, and check any hash at its own', async () => {
      const atProductionCost = await hashPassword('correct horse battery staple');
      vi.stubEnv(envNames.passwordHashLogN, '12');
      reloadEnv();
      const atTestCost = await hashPassword('correct horse battery staple');
      expect(atTestCost).toMatch(/^scrypt\$4096\$8\$1\$/);
      await expect(verifyPassword('correct horse battery staple', atTestCost)).resolves.toBe(true);
      await expect(verifyPassword('wrong', atTestCost)).resolves.toBe(false);
      await expect(verifyPassword('correct horse battery staple', atProductionCost)).resolves.toBe(
        true,
      );
    });

    it('keep the production cost inside Lambda, whatever is set', async () => {
      vi.stubEnv(envNames.passwordHashLogN, '12');
      vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'telehealth-dev-sign-in');
      reloadEnv();
      expect(await hashPassword('correct horse battery staple')).toMatch(/^scrypt\$131072\$/);
    });

    it('refuse a cost out of range', async () => {
      vi.stubEnv(envNames.passwordHashLogN, '9');
      reloadEnv();
      await expect(hashPassword('x')).rejects.toThrow(/PASSWORD_HASH_LOG_N/);
    });
  });
});
