import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInProvider } from '#local/testing/provider-journey';
import { nextCodeOf, rememberSecret } from '#local/testing/second-factor';
import { useTestStack } from '#local/testing/stack-context';
import { insertAdminUser } from '#db/admin-users';
import { hashPassword } from '#lib/auth/passwords';
import { setLimiterClock } from '#lib/rate-limit';
import { rateLimitPolicies, signInDelays } from '#lib/rate-limits';
import * as routes from '#routes';
import { restoreEnv, stubEnv } from '#testing/env';
import { call, httpEvent, type JsonAnswer } from '#testing/events';
import { handler as adminLogin } from '../admin/login.handler';
import { handler as providerLogin } from '../providers/login.handler';
import { handler as providerLoginCode } from '../providers/login-code.handler';

/**
 * Issue 10 item 4: failed sign-ins are counted per account and client prefix and met with
 * growing delays; the owner's prefix is never held back by someone else's guesses. The
 * handlers run in this worker against DynamoDB Local, on the limiter's clock, which the test
 * steps: no sleeping, and no minute boundary to cross.
 */
const stack = useTestStack();

let now = Date.UTC(2031, 0, 1, 9, 0, 0);
const advance = (seconds: number) => {
  now += seconds * 1000;
};

beforeEach(() => {
  // Every limit as in the cloud (the shared stack raises them for its 127.0.0.1 clients).
  stubEnv({ ...stack.handlerEnvironment, RATE_LIMIT_MULTIPLIER: '1' });
  setLimiterClock(() => now);
});
afterEach(() => {
  setLimiterClock(undefined);
  restoreEnv();
  stubEnv(stack.handlerEnvironment);
});

/** A fresh IPv6 /64 per call, so counters of other tests and runs never mix in. */
const freshPrefix = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

function attempt(
  handler: typeof adminLogin,
  route: typeof routes.adminLogin | typeof routes.providerLogin,
  body: Record<string, string>,
  sourceIp: string,
): Promise<JsonAnswer> {
  return call(
    handler,
    httpEvent(route, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      sourceIp,
    }),
  );
}

const FREE = signInDelays.freeFailures;

describe('admin sign-in delays per account and client prefix', () => {
  const username = `lockout-${randomUUID().slice(0, 8)}`;
  const password = 'the-owners-password-1234';
  beforeAll(async () => {
    await insertAdminUser({
      username,
      passwordHash: await hashPassword(password),
      email: `${username}@example.org`,
    });
  });
  const signIn = (secret: string, sourceIp: string) =>
    attempt(adminLogin, routes.adminLogin, { username, password: secret }, sourceIp);

  it('parallel sign-ins of the owner from one address are never throttled, whatever order their clocks read', async () => {
    const office = `${freshPrefix()}::1`;
    // Parallel Lambdas read the clock a millisecond apart, and their writes land in any order:
    // each attempt here reads a time a millisecond before the previous one's.
    let clock = now;
    setLimiterClock(() => (clock -= 1));
    const statuses: number[] = [];
    for (let index = 0; index < FREE - 1; index += 1) {
      statuses.push((await signIn(password, office)).status);
    }
    const parallel = await Promise.all(
      Array.from({ length: FREE - 1 }, () => signIn(password, office)),
    );
    statuses.push(...parallel.map((answer) => answer.status));
    expect(statuses).toEqual(Array(2 * (FREE - 1)).fill(200));
  });

  it(
    'an attacker prefix gets growing delays, even with the right password, and never blocks the owner',
    { timeout: 120_000 },
    async () => {
      const attacker = `${freshPrefix()}::66`;
      const owner = '203.0.113.77';

      for (let failure = 1; failure <= FREE; failure += 1) {
        expect((await signIn(`guess-${failure}`, attacker)).status).toBe(401);
      }
      // Past the free failures: 1 s, then 2 s, then 4 s after each further failure.
      const waits: string[] = [];
      for (const delay of [1, 2, 4]) {
        const refused = await signIn('another-guess', attacker);
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\./);
        waits.push(refused.headers['retry-after']!);
        advance(delay);
        expect((await signIn(`guess-after-${delay}`, attacker)).status).toBe(401);
      }
      expect(waits).toEqual(['1', '2', '4']);

      // Inside the 8 s delay the right password is refused as well, until the delay passes.
      expect((await signIn(password, attacker)).status).toBe(429);
      advance(7);
      const stillWaiting = await signIn(password, attacker);
      expect(stillWaiting).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });

      // Meanwhile the owner, from their usual address, signs in at once.
      expect((await signIn(password, owner)).status).toBe(200);

      advance(1);
      expect((await signIn(password, attacker)).status).toBe(200);
      // A success clears the prefix's count: the next failure is free again.
      expect((await signIn('one-more-typo', attacker)).status).toBe(401);
      expect((await signIn(password, attacker)).status).toBe(200);
    },
  );

  it('counts every address of one IPv6 /64 as one client', { timeout: 120_000 }, async () => {
    const prefix = freshPrefix();
    for (let failure = 1; failure <= FREE; failure += 1) {
      expect((await signIn(`guess-${failure}`, `${prefix}::${failure.toString(16)}`)).status).toBe(
        401,
      );
    }
    expect((await signIn(password, `${prefix}:ffff:ffff:ffff:ffff`)).status).toBe(429);
    // Another /64 of the same /48 is another client.
    const [a, b, c] = prefix.split(':');
    expect((await signIn(password, `${a}:${b}:${c}:ffff::1`)).status).toBe(200);
  });

  it(
    'counts parallel attempts one at a time: a burst gets no more password checks than the free ones',
    { timeout: 120_000 },
    async () => {
      const client = `${freshPrefix()}::7`;
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, index) => signIn(`burst-${index}`, client)),
      );
      const checked = burst.filter((answer) => answer.status === 401).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(FREE);
      expect(burst.filter((answer) => answer.status === 429)).toHaveLength(20 - checked);
      expect((await signIn(password, client)).status).toBe(429);
    },
  );

  it('forgets failures a day after the last one', { timeout: 120_000 }, async () => {
    const client = `${freshPrefix()}::1`;
    for (let failure = 1; failure <= FREE; failure += 1) {
      expect((await signIn(`guess-${failure}`, client)).status).toBe(401);
    }
    expect((await signIn(password, client)).status).toBe(429);
    advance(signInDelays.forgetAfterSeconds);
    expect((await signIn('fresh-typo', client)).status).toBe(401);
    expect((await signIn(password, client)).status).toBe(200);
  });
});

describe('provider sign-in delays', () => {
  it(
    'hold back the guessing prefix, not the provider signing in from elsewhere',
    { timeout: 120_000 },
    async () => {
      // Approved and signed in through the shared stack's gateway, whose handlers keep their
      // own clock and limits.
      const provider = await signInProvider(stack);

      const signIn = (secret: string, sourceIp: string) =>
        attempt(
          providerLogin,
          routes.providerLogin,
          { email: provider.email, password: secret },
          sourceIp,
        );
      const attacker = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;
      for (let failure = 1; failure <= FREE; failure += 1) {
        expect((await signIn(`guess-${failure}`, attacker)).status).toBe(401);
      }
      const refused = await signIn(provider.password, attacker);
      expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
      // The email in another case is the same account.
      expect(
        (
          await attempt(
            providerLogin,
            routes.providerLogin,
            { email: provider.email.toUpperCase(), password: provider.password },
            attacker,
          )
        ).status,
      ).toBe(429);
      expect((await signIn(provider.password, `${freshPrefix()}::1`)).status).toBe(200);
    },
  );
});

describe('second-factor codes (issue 25)', () => {
  it(
    'count wrong codes toward the delays, apart from passwords: a right password clears none of them',
    { timeout: 120_000 },
    async () => {
      const provider = await signInProvider(stack);
      const client = `${freshPrefix()}::25`;
      const { email, password } = provider;
      const passwordStep = async () => {
        const answer = await attempt(
          providerLogin,
          routes.providerLogin,
          { email, password },
          client,
        );
        expect(answer.status).toBe(200);
        return (answer.body as { pendingSignIn: string }).pendingSignIn;
      };
      const codeStep = (pendingSignIn: string, code: string) =>
        call(
          providerLoginCode,
          httpEvent(routes.providerLoginCode, {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ pendingSignIn, code }),
            sourceIp: client,
          }),
        );

      // Five wrong codes (the fifth also ends the pending sign-in), then the password again.
      const first = await passwordStep();
      for (let failure = 1; failure <= FREE; failure += 1) {
        expect((await codeStep(first, '000000')).status).toBe(401);
      }
      const second = await passwordStep();
      // Even the right code waits now: the password's success did not clear the codes' count.
      rememberSecret(stack, 'provider', email, provider.totpSecret);
      const code = await nextCodeOf(stack, 'provider', email);
      const refused = await codeStep(second, code);
      expect(refused).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
      advance(1);
      expect((await codeStep(second, code)).status).toBe(200);
    },
  );
});

describe('the per-client sign-in limit stays', () => {
  it(
    `refuses attempt ${rateLimitPolicies.signInClient.limit + 1} from one client within a window, whatever the account`,
    { timeout: 120_000 },
    async () => {
      const client = `${freshPrefix()}::9`;
      const { limit } = rateLimitPolicies.signInClient;
      const statuses: number[] = [];
      // One account's failures (the first ones cost a password check, the rest meet its delay)
      // fill the client's window; then another account, with no failures of its own, is refused.
      for (let index = 1; index <= limit; index += 1) {
        statuses.push(
          (
            await attempt(
              adminLogin,
              routes.adminLogin,
              { username: 'guessed', password: 'x' },
              client,
            )
          ).status,
        );
      }
      expect(statuses.slice(0, FREE)).toEqual(Array(FREE).fill(401));
      expect(new Set(statuses.slice(FREE))).toEqual(new Set([429]));
      const other = await attempt(
        adminLogin,
        routes.adminLogin,
        { username: stack.admin.username, password: stack.admin.password },
        client,
      );
      expect(other.status).toBe(429);
      expect(other.body.message).toBe('Too many requests. Please wait a minute and try again.');
      // The window is the clock's: the next one lets the client in again.
      advance(rateLimitPolicies.signInClient.windowSeconds);
      const nextWindow = await attempt(
        adminLogin,
        routes.adminLogin,
        { username: stack.admin.username, password: stack.admin.password },
        client,
      );
      expect(nextWindow.status).toBe(200);
    },
  );
});

afterAll(() => setLimiterClock(undefined));
