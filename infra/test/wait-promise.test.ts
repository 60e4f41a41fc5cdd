import { describe, expect, it } from 'vitest';
import { envNames } from '#core/env';
import {
  createCheckoutSession,
  getCaseStatus,
  getClientConfig,
  manualPaymentComplete,
  scheduledTargets,
  stripeWebhook,
  testPaymentComplete,
  WAIT_PROMISE_FUNCTION,
} from '#routes';
import { handlerFunctionName } from '../lib/handler-functions';
import { devVariablesByHandler, handlers } from './manifest-handlers';
import { synth } from './synth';

/** The four that reach `markCasePaid` and schedule a wait promise's end (docs/adr/0025). */
const paymentHandlers: string[] = [
  stripeWebhook.handler,
  manualPaymentComplete.handler,
  testPaymentComplete.handler,
  createCheckoutSession.handler,
];
/** …and the two answers that tell the patient the promise. */
const readers = [...paymentHandlers, getCaseStatus.handler, getClientConfig.handler];

describe('WAIT_PROMISE_MINUTES (issue 28 item 3, -c waitPromiseMinutes=)', () => {
  it('gives the stage’s minutes to the handlers that read them, and to no other', () => {
    const variables = devVariablesByHandler({ waitPromiseMinutes: '12.5' });
    for (const handler of handlers) {
      expect(variables[handler]![envNames.waitPromiseMinutes], handler).toBe(
        readers.includes(handler) ? '12.5' : undefined,
      );
    }
  });

  it('is 30 minutes when the context leaves it unset', () => {
    const variables = devVariablesByHandler({});
    for (const handler of readers) {
      expect(variables[handler]![envNames.waitPromiseMinutes], handler).toBe('30');
    }
  });

  it('refuses a value that is not a positive number at synth', () => {
    for (const value of ['0', '-5', 'thirty', ' ']) {
      expect(() => synth('dev', { waitPromiseMinutes: value }), value).toThrow(
        'Invalid waitPromiseMinutes',
      );
    }
  });
});

describe('the wait promise’s scheduled target (docs/adr/0025)', () => {
  it('is cases/lapse-wait-promise, named to the payment handlers that schedule it', () => {
    expect(scheduledTargets[WAIT_PROMISE_FUNCTION]).toBe('cases/lapse-wait-promise');
    const variables = devVariablesByHandler({});
    for (const handler of handlers) {
      const target = variables[handler]![envNames.waitPromiseTargetArn];
      if (paymentHandlers.includes(handler)) {
        expect(JSON.stringify(target), handler).toContain(
          `:function:${handlerFunctionName('dev', 'cases/lapse-wait-promise')}`,
        );
      } else {
        expect(target, handler).toBeUndefined();
      }
    }
  });
});
