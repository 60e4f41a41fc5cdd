import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { getConnection, providerConnections } from '#db/connections';
import { openAlertSocket, requestTicket } from '../testing/alert-socket';
import { signInProvider } from '../testing/provider-journey';
import { appFetch, useTestStack } from '../testing/stack-context';
import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';

const stack = useTestStack();

/**
 * The next message of `type` on the socket. A provider's alert socket also hears every case
 * that other test files create on the shared stack meanwhile; those alerts are skipped.
 */
function nextMessageOfType(socket: WebSocket, type: string): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type?: unknown };
      if (message.type !== type) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

describe('local gateway: HTTP API', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await appFetch(stack, '/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it.each([
    ['a provider route', pathOf(caseContracts.listCases, {})],
    ['an admin route', pathOf(adminContracts.adminStats, {})],
  ])('refuses %s without a session (401)', async (_label, path) => {
    const response = await appFetch(stack, path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication required' });
  });

  it('refuses a forged admin token (401) and a cross-site state change (403)', async () => {
    const forged = await appFetch(stack, pathOf(adminContracts.adminStats, {}), {
      headers: { authorization: 'Bearer forged' },
    });
    expect(forged.status).toBe(401);
    const crossSite = await appFetch(stack, pathOf(patientContracts.createPatient, {}), {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses a body over the 10 MB API Gateway cap with 413', async () => {
    const response = await appFetch(stack, pathOf(patientContracts.createPatient, {}), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
  });

  it('serves client-side routes with the site security headers', async () => {
    const response = await fetch(new URL('/provider/status', stack.appUrl));
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.arrayBuffer();
  });
});

describe('local gateway: WebSocket API and Management API', () => {
  it('refuses an upgrade that $connect refuses, with its status', async () => {
    await expect(openAlertSocket(stack, 'no-such-ticket')).rejects.toThrow(/401/);
  });

  it('runs $connect, $default and $disconnect, and pushes and closes through @connections', async () => {
    const provider = await signInProvider(stack);
    const { socket, closed } = await openAlertSocket(stack, await requestTicket(stack, provider));
    const reply = nextMessageOfType(socket, 'PONG');
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(await reply).toEqual({ type: 'PONG' });

    const [connection] = await providerConnections(provider.id);
    const connectionId = String(connection?.connectionId);
    const management = new ApiGatewayManagementApiClient({ endpoint: stack.appUrl });
    const pushed = nextMessageOfType(socket, 'CASE_PAID_READY');
    await management.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode('{"type":"CASE_PAID_READY"}'),
      }),
    );
    expect(await pushed).toEqual({ type: 'CASE_PAID_READY' });

    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    await closed;
    await expect
      .poll(async () => (await getConnection(connectionId)) ?? undefined, { timeout: 5_000 })
      .toBeUndefined();

    await expect(
      management.send(
        new PostToConnectionCommand({
          ConnectionId: connectionId,
          Data: new Uint8Array([123, 125]),
        }),
      ),
    ).rejects.toBeInstanceOf(GoneException);
  });
});

describe('local gateway: EventBridge Scheduler API', () => {
  it('creates, reads and deletes a one-time schedule through the AWS SDK', async () => {
    const scheduler = new SchedulerClient({});
    const name = `test-${Date.now()}`;
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 19);
    const request = {
      Name: name,
      GroupName: 'telehealth-test',
      ScheduleExpression: `at(${at})`,
      FlexibleTimeWindow: { Mode: 'OFF' as const },
      ActionAfterCompletion: 'DELETE' as const,
      Target: {
        Arn: 'arn:aws:lambda:us-east-1:000000000000:function:end-meeting',
        RoleArn: 'arn:aws:iam::000000000000:role/scheduler',
        Input: '{"caseId":"c1"}',
      },
    };
    const created = await scheduler.send(new CreateScheduleCommand(request));
    expect(created.ScheduleArn).toContain(`schedule/telehealth-test/${name}`);
    await expect(scheduler.send(new CreateScheduleCommand(request))).rejects.toBeInstanceOf(
      ConflictException,
    );
    const fetched = await scheduler.send(
      new GetScheduleCommand({ Name: name, GroupName: 'telehealth-test' }),
    );
    expect(fetched.ScheduleExpression).toBe(`at(${at})`);
    await scheduler.send(new DeleteScheduleCommand({ Name: name, GroupName: 'telehealth-test' }));
    await expect(
      scheduler.send(new DeleteScheduleCommand({ Name: name, GroupName: 'telehealth-test' })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
