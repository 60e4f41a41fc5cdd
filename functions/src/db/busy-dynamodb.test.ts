import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsClientLimits, dynamoDbClientLimits } from '../core/aws-clients';
import { DEPENDENCY_FAILURE_MESSAGE } from '../core/dependency-failure';
import { httpRoutes } from '../routes';
import { handler as caseStatus } from '../features/cases/get-status.handler';
import { handler as paymentVerification } from '../features/patients/payment-verification.handler';
import { restoreEnv, stubEnv } from '../testing/env';
import { call, httpEvent } from '../testing/events';

/**
 * Issue 12 item 3: a poll against a DynamoDB that is over capacity answers 503 with
 * `Retry-After`, whether DynamoDB throttles or does not answer at all. The real SDK client (its
 * retries, its timeouts) talks to a stand-in that speaks DynamoDB's JSON protocol and is busy.
 */
type Mode = 'throttle' | 'stall';
let mode: Mode = 'throttle';
let requests = 0;
const stalled: ServerResponse[] = [];

function busyDynamoDb(req: IncomingMessage, res: ServerResponse): void {
  requests += 1;
  req.resume();
  if (mode === 'stall') {
    stalled.push(res);
    return;
  }
  res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(
    JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
      message: 'The level of configured provisioned throughput for the table was exceeded.',
    }),
  );
}

const server = createServer(busyDynamoDb);
const caseId = '7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11';
const patientId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stubEnv({
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'x',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
    TABLE_NAME: 'test-table',
    APP_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: 'error',
  });
});
beforeEach(() => {
  requests = 0;
  // The handlers log the failed dependency as a warning; not wanted in the test output.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterAll(async () => {
  restoreEnv();
  vi.restoreAllMocks();
  for (const res of stalled) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const polls = [
  [
    'case status',
    () => call(caseStatus, httpEvent(httpRoutes.getCaseStatus, { pathParameters: { caseId } })),
  ],
  [
    'payment verification',
    () =>
      call(
        paymentVerification,
        httpEvent(httpRoutes.getPaymentVerification, { pathParameters: { patientId } }),
      ),
  ],
] as const;

describe('a poll against a busy DynamoDB', () => {
  it.each(polls)(
    '%s: throttled → 503 with Retry-After, after the one retry',
    async (_name, poll) => {
      mode = 'throttle';
      const answer = await poll();
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).toEqual({ message: DEPENDENCY_FAILURE_MESSAGE });
      expect(requests).toBe(dynamoDbClientLimits.maxAttempts);
    },
  );

  it(
    'no answer → 503 with Retry-After once the client gives up, not a hang',
    { timeout: 15_000 },
    async () => {
      mode = 'stall';
      const answer = await polls[0][1]();
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      // Each attempt was abandoned at `requestTimeout` (the SDK only warns unless told to throw).
      expect(requests).toBe(dynamoDbClientLimits.maxAttempts);
    },
  );

  it('gives DynamoDB shorter limits than the other clients', () => {
    expect(dynamoDbClientLimits.requestTimeoutMs).toBeLessThan(awsClientLimits.requestTimeoutMs);
    expect(dynamoDbClientLimits.connectionTimeoutMs).toBeLessThanOrEqual(
      awsClientLimits.connectionTimeoutMs,
    );
  });
});
