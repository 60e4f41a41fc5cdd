import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as configContracts from '@shared/config/contracts';
import { pathOf } from '@shared/http/contract';
import { envNames, reloadEnv } from '#core/env';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { gatewayAuthorizers, getClientConfig, webSocketRoutes } from '#routes';
import type { RunningStack } from '../stack';
import { startOwnStack } from '../testing/own-stack';
import { invocationsOf } from './lambda-runtime';

/**
 * Issue 24 items 2 and 3 (docs/adr/0011-origin-authorizer.md) with a stack of this file's own,
 * whose handlers run in this worker, so their invocations can be counted: API Gateway's own address
 * (`executeApiUrl`, nothing in front) runs the origin authorizer before any handler, as the cloud
 * does. Without `x-origin-verify` nothing is invoked (401), a wrong value is refused by the
 * authorizer alone (403); through the CloudFront stand-in (`appUrl`) everything passes. Then the
 * rotation of docs/deployment.md, walked with the local stack's secrets (the environment, as
 * Secrets Manager's AWSCURRENT and AWSPREVIOUS fill it in the cloud).
 */
const OLD = 'origin-verify-value-before-the-rotation';
const NEW = 'origin-verify-value-after-the-rotation';
let stack: RunningStack;
let stopStack: () => Promise<void>;

beforeAll(async () => {
  // API Gateway keeps an answer per value for 300 s; here every request asks, so each step of
  // the rotation is seen at once (the cache has its own tests: authorizer-cache.test.ts).
  ({ stack, stop: stopStack } = await startOwnStack('origin', {
    originVerifySecret: OLD,
    authorizerCacheSeconds: 0,
  }));
});
afterAll(() => stopStack());

const authorizer = gatewayAuthorizers.originVerify;
const handler = getClientConfig.handler;
const connect = webSocketRoutes.$connect;
const configPath = pathOf(configContracts.getClientConfig, {});

/** What `run` costs in invocations of the authorizer, the config handler and `$connect`. */
async function counting<Result>(run: () => Promise<Result>) {
  const counts = () => ({
    authorizerRuns: invocationsOf(authorizer),
    handlerRuns: invocationsOf(handler),
    connectRuns: invocationsOf(connect),
  });
  const before = counts();
  const result = await run();
  const after = counts();
  return {
    result,
    authorizerRuns: after.authorizerRuns - before.authorizerRuns,
    handlerRuns: after.handlerRuns - before.handlerRuns,
    connectRuns: after.connectRuns - before.connectRuns,
  };
}

/** A request to API Gateway's own address, with the origin header given (or none). */
async function direct(originVerify?: string, extra: Record<string, string> = {}) {
  const headers = { ...extra, ...(originVerify ? { [ORIGIN_VERIFY_HEADER]: originVerify } : {}) };
  const response = await fetch(new URL(configPath, stack.executeApiUrl), { headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The status a WebSocket upgrade gets: 101 when it opens, else the refusal's status. */
function upgradeStatus(base: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?ticket=unknown`, { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** Sets the local stack's secrets as Secrets Manager's version stages would hold them. */
function secretStages(current: string, previous = ''): void {
  process.env[envNames.originVerifySecret] = current;
  process.env[envNames.originVerifyPreviousSecret] = previous;
  reloadEnv();
}

describe('the HTTP API at API Gateway’s own address', () => {
  it('answers 401 to a request without x-origin-verify and invokes nothing', async () => {
    const run = await counting(() => direct());
    expect(run.result).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(run).toMatchObject({ authorizerRuns: 0, handlerRuns: 0 });
  });

  it('answers 401 to an empty header, and to a spoofed viewer address without the header', async () => {
    const spoofed = await counting(() =>
      direct(undefined, { 'cloudfront-viewer-address': '198.51.100.7:1234' }),
    );
    expect(spoofed.result.status).toBe(401);
    const empty = await counting(() =>
      fetch(new URL(configPath, stack.executeApiUrl), { headers: { [ORIGIN_VERIFY_HEADER]: '' } }),
    );
    expect(empty.result.status).toBe(401);
    expect([spoofed, empty].map((run) => run.authorizerRuns + run.handlerRuns)).toEqual([0, 0]);
  });

  it('refuses a wrong value in the authorizer (403): no handler runs', async () => {
    const run = await counting(() => direct('guessed'));
    expect(run.result).toEqual({ status: 403, body: { message: 'Forbidden' } });
    expect(run).toMatchObject({ authorizerRuns: 1, handlerRuns: 0 });
  });

  it('serves a request carrying the secret, what CloudFront sends', async () => {
    const run = await counting(() => direct(OLD));
    expect(run.result.status).toBe(200);
    expect(run).toMatchObject({ authorizerRuns: 1, handlerRuns: 1 });
  });
});

describe('the app’s address (the CloudFront stand-in adds the secret)', () => {
  it('serves the API, replacing a value the viewer sends', async () => {
    const run = await counting(() =>
      fetch(new URL(configPath, stack.appUrl), { headers: { [ORIGIN_VERIFY_HEADER]: 'guessed' } }),
    );
    expect(run.result.status).toBe(200);
    expect(run).toMatchObject({ authorizerRuns: 1, handlerRuns: 1 });
  });
});

describe('the WebSocket $connect', () => {
  it('at API Gateway’s own address: 401 without the header, nothing invoked', async () => {
    const run = await counting(() => upgradeStatus(stack.executeApiUrl, {}));
    expect(run.result).toBe(401);
    expect(run).toMatchObject({ authorizerRuns: 0, connectRuns: 0 });
  });

  it('at API Gateway’s own address: 403 from the authorizer for a wrong value, $connect not run', async () => {
    const run = await counting(() =>
      upgradeStatus(stack.executeApiUrl, { [ORIGIN_VERIFY_HEADER]: 'guessed' }),
    );
    expect(run.result).toBe(403);
    expect(run).toMatchObject({ authorizerRuns: 1, connectRuns: 0 });
  });

  it('through the app’s address: the authorizer lets it on to $connect (401: unknown ticket)', async () => {
    const run = await counting(() =>
      upgradeStatus(stack.appUrl, { origin: stack.appUrl, [ORIGIN_VERIFY_HEADER]: 'guessed' }),
    );
    expect(run.result).toBe(401);
    expect(run).toMatchObject({ authorizerRuns: 1, connectRuns: 1 });
  });
});

describe('rotating the origin-verify secret (docs/deployment.md)', () => {
  // Each step: what API Gateway's address answers for the old value, the new one, and another.
  const answers = async () => ({
    old: (await direct(OLD)).status,
    new: (await direct(NEW)).status,
    neither: (await direct('neither-old-nor-new')).status,
  });
  const connects = async (value: string) =>
    (
      await counting(() =>
        upgradeStatus(stack.executeApiUrl, { origin: stack.appUrl, [ORIGIN_VERIFY_HEADER]: value }),
      )
    ).connectRuns;

  it('1. before: the old value is accepted, the new one not yet', async () => {
    secretStages(OLD);
    expect(await answers()).toEqual({ old: 200, new: 403, neither: 403 });
  });

  it('2. put-secret-value: both are accepted, so CloudFront may send either', async () => {
    secretStages(NEW, OLD);
    expect(await answers()).toEqual({ old: 200, new: 200, neither: 403 });
    expect([await connects(OLD), await connects(NEW), await connects('neither')]).toEqual([
      1, 1, 0,
    ]);
  });

  it('3. AWSPREVIOUS removed after the deploy: only the new value is accepted', async () => {
    secretStages(NEW);
    expect(await answers()).toEqual({ old: 403, new: 200, neither: 403 });
    expect([await connects(OLD), await connects(NEW)]).toEqual([0, 1]);
  });

  it('a missing secret refuses every request, through the app’s address too', async () => {
    secretStages('');
    const run = await counting(async () => ({
      direct: (await direct(NEW)).status,
      app: (await fetch(new URL(configPath, stack.appUrl))).status,
    }));
    expect(run.result).toEqual({ direct: 403, app: 403 });
    expect(run).toMatchObject({ authorizerRuns: 2, handlerRuns: 0 });
    secretStages(NEW);
  });
});
