import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newPaidCaseId } from '#local/testing/patient-journey';
import { providerFetch, signInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { DEPENDENCY_FAILURE_MESSAGE } from '#core/dependency-failure';
import { reloadEnv } from '#core/env';
import * as routes from '#routes';
import { call, httpEvent } from '#testing/events';
import { handler as caseDetails } from './details.handler';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';

/**
 * Issue 25 item 5, docs/adr/0014-access-audit.md: the details route sends a patient's data only
 * once its access record is written. The handler runs in this process against the test stack's
 * DynamoDB Local through a pass-through proxy that can refuse (throttle) the access record's Put
 * and nothing else, as a busy table would.
 */

const stack = useTestStack();
const dynamoDb = new URL(stack.handlerEnvironment.AWS_ENDPOINT_URL_DYNAMODB!);
let refuseAccessRecords = true;
let refusedPuts = 0;

function proxy(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const isAccessRecordPut =
      req.headers['x-amz-target'] === 'DynamoDB_20120810.PutItem' &&
      body.toString('utf8').includes('"ACCESS#');
    if (refuseAccessRecords && isAccessRecordPut) {
      refusedPuts += 1;
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
          message: 'Rate of requests exceeds the allowed throughput.',
        }),
      );
      return;
    }
    const upstream = request(
      {
        host: dynamoDb.hostname,
        port: dynamoDb.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: dynamoDb.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  });
}

const server = createServer(proxy);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // This file's own worker: its DynamoDB client is created on first use, after this.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${port}`;
  reloadEnv();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('an access record that cannot be written', () => {
  it('fails the read closed (503, no patient data); the same read answers once it can be', async () => {
    const alice = await signInProvider(stack);
    const caseId = await newPaidCaseId(stack);
    const claimed = await providerFetch(stack, alice, pathOf(caseContracts.claimCase, {}), {
      method: 'POST',
      body: JSON.stringify({ caseId, providerId: alice.id }),
    });
    expect(claimed.status).toBe(200);
    const readDetails = () =>
      call(
        caseDetails,
        httpEvent(routes.getCaseDetails, {
          pathParameters: { caseId },
          cookies: [alice.cookie],
        }),
      );

    // The handler logs the failed dependency as a warning; not wanted in the test output.
    const quiet = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const refused = await readDetails().finally(() => quiet.mockRestore());
    expect(refused.status).toBe(503);
    expect(refusedPuts).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ message: DEPENDENCY_FAILURE_MESSAGE });

    refuseAccessRecords = false;
    const answered = await readDetails();
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ patient: { name: 'Ada Patient' } });
  });
});
