import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '#local/stack';
import {
  applicationFields,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { httpRoutes, type HttpRoute } from '../routes';
import { setLimiterClock } from './rate-limit';
import { rateLimitPolicies, type RateLimitPolicy } from './rate-limits';
import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import * as patientContracts from '@shared/patients/contracts';
import * as paymentContracts from '@shared/payments/contracts';
import * as providerContracts from '@shared/providers/contracts';
import * as realtimeContracts from '@shared/realtime/contracts';
import * as uploadContracts from '@shared/uploads/contracts';
import { testStackSettings } from '#local/testing/test-stack-settings';

/**
 * Issue 10, "make a green run trustworthy": every policy of `lib/rate-limits.ts` is driven past
 * its limit through a route that uses it, on a stack of its own with the cloud's limits
 * (multiplier 1). Its handlers run in this worker, so the test sets the limiter's clock: the
 * window never rolls over mid-test, and `Retry-After` is known exactly.
 */

/** The generic refusal of `enforceRateLimit` (core/errors.ts `tooManyRequests`). */
const RATE_LIMITED = 'Too many requests. Please wait a minute and try again.';
/** Half a minute into a window that starts on the hour (every window length divides an hour). */
const NOW = Date.UTC(2031, 0, 1, 9, 0, 30);

interface Call {
  route: HttpRoute;
  path: string;
  body?: unknown;
  /** A provider's session cookie (`name=value`), for limits counted per account. */
  cookie?: string;
}

/** One request of a route that uses the policy; `index` makes each one distinct where needed. */
type Driver = (index: number) => Call;

const post = (route: HttpRoute, path: string, body: unknown = {}): Call => ({ route, path, body });

/** Signed in before the limiter's clock is set, so its sign-in counts in another window. */
let provider: SignedInProvider;
const asProvider = (call: Call): Call => ({ ...call, cookie: provider.cookie });

/**
 * A route per policy, typed by the table: a policy added without a driver does not compile, and
 * the first test fails too. Requests only have to pass validation: the limit is counted before
 * the handler runs, so a 404 for an unknown id counts like a success.
 */
const drivers: Record<RateLimitPolicy, Driver[]> = {
  applicationStatus: [
    () => ({
      route: httpRoutes.getApplicationStatus,
      path: pathOf(applicationContracts.getApplicationStatus, { applicationId: 'APP-NOPE-0001' }),
    }),
  ],
  intake: [
    () =>
      post(httpRoutes.createPatient, pathOf(patientContracts.createPatient, {}), {
        name: 'Rate Limit',
        contactInfo: 'limits@example.org',
        symptoms: 'Headache since this morning',
        requestType: 'telemedicine',
      }),
  ],
  uploads: [
    () =>
      post(
        httpRoutes.createCaseUpload,
        pathOf(uploadContracts.createCaseUpload, { caseId: randomUUID() }),
        { kind: 'image', filename: 'rash.png', contentType: 'image/png', size: 1024 },
      ),
  ],
  checkout: [
    () =>
      post(httpRoutes.createCheckoutSession, pathOf(paymentContracts.createCheckoutSession, {}), {
        caseId: randomUUID(),
      }),
  ],
  paymentSync: [
    () =>
      post(httpRoutes.manualPaymentComplete, pathOf(paymentContracts.manualPaymentComplete, {}), {
        caseId: randomUUID(),
      }),
    // The other route of the policy shares its window: refused once the first is over it.
    () =>
      post(
        httpRoutes.testPaymentComplete,
        pathOf(paymentContracts.testPaymentComplete, { patientId: randomUUID() }),
      ),
  ],
  // One guessed account per kind: its password checks stop after the free failures (their
  // delay answers 429 with its own message), while every attempt counts for the client.
  signInClient: [
    () =>
      post(httpRoutes.adminLogin, pathOf(adminContracts.adminLogin, {}), {
        username: 'limits-guess',
        password: 'wrong-password',
      }),
    () =>
      post(httpRoutes.providerLogin, pathOf(providerContracts.providerLogin, {}), {
        email: 'limits-guess@example.org',
        password: 'wrong-password',
      }),
  ],
  emailCheck: [
    () => ({
      route: httpRoutes.checkProviderEmail,
      path: `${pathOf(providerContracts.checkProviderEmail, {})}?email=limits%40example.org`,
    }),
  ],
  applications: [
    () =>
      post(
        httpRoutes.createDoctorApplication,
        pathOf(applicationContracts.createDoctorApplication, {}),
        applicationFields(),
      ),
  ],
  roomSession: [
    () =>
      post(httpRoutes.joinRoom, pathOf(meetingContracts.joinRoom, { meetingId: randomUUID() }), {
        role: 'patient',
        token: 'not-a-room-token',
      }),
  ],
  // Issue 25: per provider account; an unknown case counts like a claimed one.
  claims: [
    () =>
      asProvider(
        post(httpRoutes.claimCase, pathOf(caseContracts.claimCase, {}), {
          caseId: randomUUID(),
          providerId: provider.id,
        }),
      ),
  ],
  caseTickets: [
    () =>
      post(
        httpRoutes.createCaseRealtimeTicket,
        pathOf(realtimeContracts.createCaseRealtimeTicket, { caseId: randomUUID() }),
        undefined,
      ),
  ],
  providerTickets: [
    () =>
      asProvider(
        post(
          httpRoutes.createRealtimeTicket,
          pathOf(realtimeContracts.createRealtimeTicket, {}),
          undefined,
        ),
      ),
  ],
};

/** Each driver is its own route; sign-in kinds are counted apart, the others share a window. */
const countedApart = new Set<RateLimitPolicy>(['signInClient']);

let stack: RunningStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-limits-'));
  stack = await startStack({
    ...testStackSettings,
    dataDir,
    web: 'dist',
    logLevel: 'error',
    rateLimitMultiplier: 1,
  });
  provider = await signInProvider(stack);
  setLimiterClock(() => NOW);
});
afterAll(async () => {
  setLimiterClock(undefined);
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  message: string | undefined;
  retryAfter: string | null;
}

async function send(call: Call): Promise<Answer> {
  const headers: Record<string, string> = call.cookie ? { cookie: call.cookie } : {};
  const response = await fetch(new URL(call.path, stack.appUrl), {
    method: call.route.method,
    ...(call.body === undefined
      ? { headers }
      : {
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(call.body),
        }),
  });
  const text = await response.text();
  const message = text ? (JSON.parse(text) as { message?: string }).message : undefined;
  return { status: response.status, message, retryAfter: response.headers.get('retry-after') };
}

/** Seconds left in the policy's window at NOW. */
function retryAfterOf(policy: RateLimitPolicy): string {
  const windowMs = rateLimitPolicies[policy].windowSeconds * 1000;
  return String((Math.floor(NOW / windowMs) * windowMs + windowMs - NOW) / 1000);
}

const refusedByLimit = (answer: Answer) => answer.status === 429 && answer.message === RATE_LIMITED;

describe('every rate-limit policy, driven past its limit (multiplier 1)', () => {
  it('has a driver for each policy of the table, and only routes of the manifest', () => {
    expect(Object.keys(drivers).sort()).toEqual(Object.keys(rateLimitPolicies).sort());
    const manifest = new Set<HttpRoute>(Object.values(httpRoutes));
    for (const driver of Object.values(drivers).flat()) {
      expect(manifest.has(driver(0).route)).toBe(true);
    }
  });

  it.each(Object.keys(rateLimitPolicies) as RateLimitPolicy[])(
    '%s: allows the limit, then answers 429 with its message and Retry-After',
    { timeout: 120_000 },
    async (policy) => {
      const { limit } = rateLimitPolicies[policy];
      const [first, ...others] = drivers[policy];
      const driven = countedApart.has(policy) ? [first!, ...others] : [first!];
      for (const driver of driven) {
        // One after another, as a client sends them. Ten at once made this stack's DynamoDB
        // Local (sharing two cores with another test file) now and then answer a counter's ADD
        // after the SDK's 2-s timeout, and the SDK's retry of an ADD that had landed counts the
        // call twice (seen once: 3 of the 60 uploads refused).
        const allowed: Answer[] = [];
        for (let index = 0; index < limit; index += 1) allowed.push(await send(driver(index)));
        expect(allowed.filter(refusedByLimit)).toEqual([]);
        expect(allowed.every((answer) => answer.status < 500)).toBe(true);

        const over = await send(driver(limit));
        expect(over).toEqual({
          status: 429,
          message: RATE_LIMITED,
          retryAfter: retryAfterOf(policy),
        });
      }
      // Routes sharing the window are refused as soon as it is full.
      if (!countedApart.has(policy)) {
        for (const driver of others) expect(refusedByLimit(await send(driver(0)))).toBe(true);
      }
    },
  );
});
