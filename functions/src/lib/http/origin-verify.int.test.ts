import { describe, expect, it } from 'vitest';
import { openAlertSocket, requestTicket, roundTrip } from '#local/testing/alert-socket';
import { signInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { pathOf } from '@shared/http/contract';
import { TICKET_QUERY_PARAM } from '@shared/realtime/api';
import * as configContracts from '@shared/config/contracts';
import { handler as getClientConfig } from '#features/config/get-client-config.handler';
import { handler as connect } from '#features/realtime/connect.handler';
import * as routes from '#routes';
import { call, httpEvent, testContext, webSocketConnectEvent } from '#testing/events';
import { ORIGIN_VERIFY_HEADER } from './client-address';
import { DIRECT_REQUEST_MESSAGE } from './middleware/origin-verify';

/**
 * Issue 11 item 2 with the local stack, whose gateway adds `x-origin-verify` like CloudFront:
 * requests through it are served, whatever a client puts in that header; the same handlers
 * called directly refuse a request without the secret or with a wrong one. That is their own
 * check, behind API Gateway's origin authorizer, which refuses such requests before any handler
 * runs (local/gateway/origin-authorizer.int.test.ts, docs/adr/0011-origin-authorizer.md).
 */
const stack = useTestStack();
const secret = stack.handlerEnvironment.ORIGIN_VERIFY_SECRET!;
const configUrl = new URL(pathOf(configContracts.getClientConfig, {}), stack.appUrl);

describe('HTTP API through the gateway (CloudFront) and directly', () => {
  it('the stack runs with the secret configured', () => {
    expect(secret).toBeTruthy();
  });

  it('serves a request through the gateway, which adds the secret', async () => {
    expect((await fetch(configUrl)).status).toBe(200);
  });

  it('serves a request through the gateway that sends its own guess: the gateway replaces it', async () => {
    const response = await fetch(configUrl, { headers: { [ORIGIN_VERIFY_HEADER]: 'guessed' } });
    expect(response.status).toBe(200);
  });

  it('refuses a direct request without the header with 403 JSON', async () => {
    const answer = await call(
      getClientConfig,
      httpEvent(routes.getClientConfig, { originVerify: null }),
    );
    expect(answer).toMatchObject({ status: 403, body: { message: DIRECT_REQUEST_MESSAGE } });
  });

  it('refuses a direct request with a wrong header', async () => {
    const answer = await call(
      getClientConfig,
      httpEvent(routes.getClientConfig, { originVerify: `${secret}-but-not-quite` }),
    );
    expect(answer.status).toBe(403);
  });

  it('serves a direct request carrying the secret (what CloudFront sends)', async () => {
    const answer = await call(
      getClientConfig,
      httpEvent(routes.getClientConfig, { originVerify: secret }),
    );
    expect(answer.status).toBe(200);
  });
});

describe('WebSocket $connect through the gateway', () => {
  it('opens an alert connection whose handshake carried a guessed header: the gateway replaced it', async () => {
    const provider = await signInProvider(stack);
    const ticket = await requestTicket(stack, provider);
    const alerts = await openAlertSocket(stack, ticket, {
      origin: stack.appUrl,
      [ORIGIN_VERIFY_HEADER]: 'guessed',
    });
    await roundTrip(alerts);
    expect(alerts.messages.map((message) => message.type)).toContain('PONG');
    alerts.socket.close();
    await alerts.closed;
  });
});

describe('WebSocket $connect called directly', () => {
  const status = async (headers: Record<string, string>) =>
    (
      (await connect(
        webSocketConnectEvent(headers, { [TICKET_QUERY_PARAM]: 'unknown' }),
        testContext,
      )) as {
        statusCode: number;
      }
    ).statusCode;

  it('refuses an upgrade without the header, or with a wrong one, with 403', async () => {
    expect(await status({})).toBe(403);
    expect(await status({ [ORIGIN_VERIFY_HEADER]: 'guessed' })).toBe(403);
  });

  it('takes an upgrade with the secret on to the ticket check (401 for an unknown ticket)', async () => {
    expect(await status({ [ORIGIN_VERIFY_HEADER]: secret })).toBe(401);
  });
});
