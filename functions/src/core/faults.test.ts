import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '#local/ports';
import { DynamoDBClient, GetItemCommand } from '../db/testing-sdk';
import { restoreEnv, stubEnv } from '../testing/env';
import { watchDependency } from './aws-clients';
import { dependencyFailure } from './dependency-failure';
import { env } from './env';
import { drawFault, faultKinds, type FaultKind } from './faults';
import { faultyStripeHttpClient } from '../lib/stripe-faults';

afterEach(() => {
  restoreEnv();
  vi.restoreAllMocks();
});

/** A fixed pseudo-random sequence (LCG): the same draws on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A Stripe HTTP client that answers every request with one fixed JSON body. */
function answeringClient(sent: string[]): Stripe.HttpClient {
  const body = { id: 'cs_test_1', object: 'checkout.session' };
  return {
    getClientName: () => 'fixed',
    makeRequest: (_host, _port, path) => {
      sent.push(path);
      return Promise.resolve({
        getStatusCode: () => 200,
        getHeaders: () => ({}),
        getRawResponse: () => body,
        toStream: () => {
          throw new Error('no stream');
        },
        toJSON: () => Promise.resolve(body),
      });
    },
  };
}

describe('fault injection (test only)', () => {
  it('is off unless FAULT_RATE is set, and never on inside Lambda', () => {
    stubEnv({ FAULT_RATE: '' });
    expect(drawFault(() => 0)).toBeNull();
    stubEnv({ FAULT_RATE: '1' });
    expect(faultKinds).toContain(drawFault());
    stubEnv({ FAULT_RATE: '1', AWS_LAMBDA_FUNCTION_NAME: 'telehealth-prod-cases-create-case' });
    expect(env.faultRate).toBe(0);
    expect(drawFault(() => 0)).toBeNull();
    stubEnv({ FAULT_RATE: '2', AWS_LAMBDA_FUNCTION_NAME: '' });
    expect(() => env.faultRate).toThrow(/from 0 to 1/);
  });

  it('fails about FAULT_RATE of the calls', () => {
    stubEnv({ FAULT_RATE: '0.1' });
    const random = seededRandom(7);
    const faults = Array.from({ length: 10_000 }, () => drawFault(random)).filter(Boolean);
    expect(faults.length).toBeGreaterThan(800);
    expect(faults.length).toBeLessThan(1200);
  });

  it('fails AWS SDK calls with errors the framework reads as dependency failures', async () => {
    stubEnv({
      FAULT_RATE: '1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'x',
    });
    const port = await freePort();
    const client = watchDependency(
      new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 1 }),
      'DynamoDB',
    );
    // The middleware draws with Math.random: seeded, so the calls meet every kind on every run
    // (40 unseeded draws missed one about 1 run in 2,500).
    vi.spyOn(Math, 'random').mockImplementation(seededRandom(11));
    const reasons = new Set<string>();
    for (let call = 0; call < 12; call += 1) {
      const error = await client
        .send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))
        .then(() => null)
        .catch((failure: unknown) => failure);
      const failure = dependencyFailure(error);
      expect(failure).toMatchObject({ dependency: 'DynamoDB' });
      reasons.add(failure!.reason);
    }
    client.destroy();
    expect([...reasons].sort()).toEqual(['network', 'server-error', 'throttled', 'timeout']);
  }, 60_000);

  it('fails Stripe calls as Stripe errors the framework reads as dependency failures', async () => {
    stubEnv({ FAULT_RATE: '1' });
    const sent: string[] = [];
    // Every kind once, in order (20 random draws missed a kind about 1 run in 44); then the
    // real draw, which FAULT_RATE turns off below. stripe-node retries a dropped connection once
    // even without retries (its issue 1040): the network fault meets that retry too.
    const kinds: FaultKind[] = faultKinds.flatMap((kind) =>
      kind === 'network' ? [kind, kind] : [kind],
    );
    const stripe = new Stripe('sk_test_faults', {
      httpClient: faultyStripeHttpClient(
        answeringClient(sent),
        0,
        () => kinds.shift() ?? drawFault(),
      ),
      // Without retries: each call meets its fault once (the backoff would only cost time).
      maxNetworkRetries: 0,
    });
    const errors: Record<string, string> = {};
    for (const kind of faultKinds) {
      const error = await stripe.checkout.sessions
        .create({ mode: 'payment' })
        .then(() => null)
        .catch((failure: unknown) => failure);
      const failure = dependencyFailure(error);
      expect(failure).toMatchObject({ dependency: 'Stripe' });
      errors[kind] = failure!.error;
    }
    expect(errors).toEqual({
      timeout: 'StripeConnectionError',
      'lost-answer': 'StripeConnectionError',
      network: 'StripeConnectionError',
      'server-error': 'StripeAPIError',
      throttled: 'StripeRateLimitError',
    });

    stubEnv({ FAULT_RATE: '0' });
    await expect(stripe.checkout.sessions.retrieve('cs_test_1')).resolves.toMatchObject({
      id: 'cs_test_1',
    });
  }, 60_000);

  it("fails stripe-node's retry of a faulted POST alike, and nothing after that call", async () => {
    const sent: string[] = [];
    const stripe = new Stripe('sk_test_faults', {
      httpClient: faultyStripeHttpClient(answeringClient(sent), 1),
      maxNetworkRetries: 1,
    });
    const create = () =>
      stripe.checkout.sessions.create({ mode: 'payment' }, { idempotencyKey: 'checkout-case-1' });
    stubEnv({ FAULT_RATE: '1' });
    const failure = await create().catch((error: unknown) => error);
    expect(dependencyFailure(failure)).toMatchObject({ dependency: 'Stripe' });
    // The product reuses its key for a minute: the client's next call must not inherit the fault.
    stubEnv({ FAULT_RATE: '0' });
    await expect(create()).resolves.toMatchObject({ id: 'cs_test_1' });
  }, 30_000);
});
