import { describe, expect, it } from 'vitest';
import { awsClientLimits } from '#core/aws-clients';
import { envNames } from '#core/env';
import { stripeClientLimits } from '#lib/stripe';
import { resourcesOfType, synth } from './synth';

/**
 * Issue 10 item 9: the handlers' dependency clients give up before their function does, so a
 * stalled dependency answers 503 instead of the invocation being killed; and the test-only fault
 * injection can never be switched on in the cloud (docs/architecture.md).
 */

/** Room for the SDK's and Stripe's backoff between attempts (both well under a second here). */
const BACKOFF_ALLOWANCE_MS = 1_000;

const awsWorstCaseMs =
  awsClientLimits.maxAttempts *
    (awsClientLimits.connectionTimeoutMs + awsClientLimits.requestTimeoutMs) +
  BACKOFF_ALLOWANCE_MS;
const stripeWorstCaseMs =
  (stripeClientLimits.maxNetworkRetries + 1) * stripeClientLimits.timeoutMs + BACKOFF_ALLOWANCE_MS;

const nameOf = (fn: { Properties?: Record<string, unknown> }): string => {
  const name = fn.Properties?.FunctionName;
  return typeof name === 'string' ? name : '';
};

describe('dependency timeouts and fault injection in the cloud stack', () => {
  const { template } = synth('dev');
  const handlerFunctions = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).filter(
    (fn) => nameOf(fn).startsWith('telehealth-dev-'),
  );

  it('gives every function more time than one worst-case AWS or Stripe call', () => {
    expect(handlerFunctions.length).toBeGreaterThan(10);
    for (const fn of handlerFunctions) {
      const timeoutMs = Number(fn.Properties?.Timeout) * 1000;
      expect(timeoutMs, nameOf(fn)).toBeGreaterThan(awsWorstCaseMs);
      expect(timeoutMs, nameOf(fn)).toBeGreaterThan(stripeWorstCaseMs);
    }
  });

  it('never sets a test-only setting on a function (FAULT_RATE, PASSWORD_HASH_LOG_N)', () => {
    for (const fn of handlerFunctions) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> })
        ?.Variables;
      expect(variables, nameOf(fn)).toBeDefined();
      expect(Object.keys(variables ?? {})).not.toContain(envNames.faultRate);
      expect(Object.keys(variables ?? {})).not.toContain(envNames.passwordHashLogN);
    }
  });
});
