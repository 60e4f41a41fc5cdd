import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConditionalCheckFailedException } from '#db/testing-sdk';
import type { HttpRoute } from '#routes';
import { restoreEnv, stubEnv } from '#testing/env';
import { call, httpEvent, testContext } from '#testing/events';
import { publicGetRoute } from '#testing/test-route';
import { DEPENDENCY_FAILURE_MESSAGE, tagDependency } from '#core/dependency-failure';
import { serviceUnavailable } from '#core/errors';
import { webSocketHandler, type WebSocketEvent } from '../realtime/handler';
import { httpHandler } from './handler';

const getRoute: HttpRoute = publicGetRoute({ method: 'GET', path: '/api/things' });

beforeEach(() => {
  stubEnv({ TABLE_NAME: 'test-table', APP_ORIGIN: 'http://localhost:3000', LOG_LEVEL: 'info' });
});
afterEach(restoreEnv);

/** Runs `run` and answers what it wrote to stdout and stderr (the structured log lines). */
async function capturingLogs<T>(run: () => Promise<T>): Promise<{ result: T; logged: string }> {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  try {
    return { result: await run(), logged: lines.join('') };
  } finally {
    err.mockRestore();
    out.mockRestore();
  }
}

const failingWith = (error: Error, options: { successFlag?: boolean } = {}) =>
  httpHandler(getRoute, { ...options, handle: () => Promise.reject(error) });

describe('httpHandler: a failed dependency answers 503', () => {
  it('answers 503 with Retry-After and the plain message, and logs which dependency failed', async () => {
    const timeout = Object.assign(new Error('Connection timed out after 3000 ms'), {
      name: 'TimeoutError',
    });
    tagDependency(timeout, 'DynamoDB');
    const { result: answer, logged } = await capturingLogs(() =>
      call(failingWith(timeout), httpEvent(getRoute)),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toEqual({ message: DEPENDENCY_FAILURE_MESSAGE });
    expect(logged).toContain('"level":"warn"');
    expect(logged).toContain('"message":"dependency failed"');
    expect(logged).toContain('"dependency":"DynamoDB"');
    expect(logged).toContain('"reason":"timeout"');
    expect(logged).not.toContain('"message":"request failed"');
    // The dependency's own message can quote input; it is never logged.
    expect(logged).not.toContain('timed out after');
  });

  it('answers a Stripe outage on a `success` route with success: false', async () => {
    const outage = new Stripe.errors.StripeConnectionError({ message: 'ECONNREFUSED' });
    const answer = await capturingLogs(() =>
      call(failingWith(outage, { successFlag: true }), httpEvent(getRoute)),
    );
    expect(answer.result.status).toBe(503);
    expect(answer.result.body).toEqual({ success: false, message: DEPENDENCY_FAILURE_MESSAGE });
    expect(answer.logged).toContain('"dependency":"Stripe"');
  });

  it('keeps an unhandled refusal of the dependency a 500 (our bug, logged as an error)', async () => {
    const refusal = new ConditionalCheckFailedException({
      message: 'The conditional request failed',
      $metadata: { httpStatusCode: 400 },
    });
    const { result: answer, logged } = await capturingLogs(() =>
      call(failingWith(refusal), httpEvent(getRoute)),
    );
    expect(answer.status).toBe(500);
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(logged).toContain('"message":"request failed"');
  });

  it('gives the explained 503s (Scheduler, Kinesis Video) the same Retry-After', async () => {
    const { result: answer } = await capturingLogs(() =>
      call(failingWith(serviceUnavailable('The room is not ready.')), httpEvent(getRoute)),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toEqual({ message: 'The room is not ready.' });
  });
});

describe('webSocketHandler: a failed dependency answers 503', () => {
  const event = {
    requestContext: { requestId: 'r-1', routeKey: '$connect', connectionId: 'c-1' },
  } as unknown as WebSocketEvent;

  it('answers 503 and logs the dependency; a bug stays 500', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    tagDependency(reset, 'DynamoDB');
    const outage = webSocketHandler(() => Promise.reject(reset));
    const { result, logged } = await capturingLogs(
      () => outage(event, testContext) as Promise<unknown>,
    );
    expect(result).toEqual({ statusCode: 503, headers: { 'retry-after': '5' } });
    expect(logged).toContain('"dependency":"DynamoDB"');
    expect(logged).toContain('"reason":"network"');

    const bug = webSocketHandler(() => Promise.reject(new TypeError('x is undefined')));
    const broken = await capturingLogs(() => bug(event, testContext) as Promise<unknown>);
    expect(broken.result).toEqual({ statusCode: 500 });
    expect(broken.logged).toContain('"message":"websocket failed"');
  });
});
