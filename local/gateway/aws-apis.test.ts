import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../testing/poll';
import { LocalAsyncInvoker } from './async-invoke';
import { LocalFailedRunsQueue } from './failed-runs-queue';
import { readBody } from './http-events';
import { handleLambdaApi } from './lambda-api';
import { handleSqsApi } from './sqs-api';

/**
 * The gateway's Lambda `Invoke` and SQS endpoints as the real AWS SDK clients see them (their
 * parsers, error mapping and MD5 check), on a server of their own: what `npm run dead-letters
 * -- --local` relies on.
 */

const queueName = 'telehealth-local-target-dlq';
let dataDir: string;
let server: Server;
let queue: LocalFailedRunsQueue;
let sqs: SQSClient;
let lambda: LambdaClient;
let queueUrl: string;

/** A scheduled target of this test: fails when its input asks it to. */
const run = (_functionName: string, payload: unknown): Promise<unknown> =>
  (payload as { fail?: boolean }).fail
    ? Promise.reject(new Error('refund failed'))
    : Promise.resolve({ done: payload });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'aws-apis-'));
  queue = new LocalFailedRunsQueue(dataDir);
  const async = new LocalAsyncInvoker(run, { queue, retryDelaysMs: [0, 0] });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    void readBody(req, 1024 * 1024).then(({ body }) => {
      const lambdaApi = { functionNames: new Set(['cases-expire-case']), run, async };
      if (handleLambdaApi(lambdaApi, req, res, url, body)) return;
      if (handleSqsApi({ queue, queueName, queueUrl }, req, res, body)) return;
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  queueUrl = `${endpoint}/000000000000/${queueName}`;
  const client = {
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  sqs = new SQSClient(client);
  lambda = new LambdaClient(client);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

const invoke = (FunctionName: string, payload: unknown, InvocationType?: 'Event') =>
  lambda.send(
    new InvokeCommand({
      FunctionName,
      ...(InvocationType ? { InvocationType } : {}),
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );

describe('Lambda Invoke of the local scheduled targets', () => {
  it('answers a run’s result, by name or by qualified ARN', async () => {
    for (const name of [
      'cases-expire-case',
      'arn:aws:lambda:us-east-1:000000000000:function:cases-expire-case:$LATEST',
    ]) {
      const result = await invoke(name, { caseId: 'c1' });
      expect(result.StatusCode).toBe(200);
      expect(result.FunctionError).toBeUndefined();
      expect(JSON.parse(new TextDecoder().decode(result.Payload))).toEqual({
        done: { caseId: 'c1' },
      });
    }
  });

  it('answers a thrown error as Lambda does: status 200 and FunctionError', async () => {
    const result = await invoke('cases-expire-case', { fail: true });
    expect(result).toMatchObject({ StatusCode: 200, FunctionError: 'Unhandled' });
    expect(JSON.parse(new TextDecoder().decode(result.Payload))).toEqual({
      errorType: 'Error',
      errorMessage: 'refund failed',
    });
  });

  it('refuses a function that is no scheduled target', async () => {
    await expect(invoke('admin-login', {})).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it('accepts an asynchronous run (202), retries it and keeps it in the queue', async () => {
    expect((await invoke('cases-expire-case', { fail: true }, 'Event')).StatusCode).toBe(202);
    await pollUntil('the run in the failed-runs queue', () =>
      Promise.resolve(queue.list().length > 0 ? true : undefined),
    );
  });
});

describe('SQS of the local failed-runs queue', () => {
  it('finds the queue by name only', async () => {
    expect((await sqs.send(new GetQueueUrlCommand({ QueueName: queueName }))).QueueUrl).toBe(
      queueUrl,
    );
    await expect(
      sqs.send(new GetQueueUrlCommand({ QueueName: 'telehealth-prod-target-dlq' })),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });

  it('receives a message the SDK accepts (MD5 of the body) and deletes it by receipt', async () => {
    queue.send('{"caseId":"c9"}');
    const { Messages: messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
    );
    const mine = messages.find((message) => message.Body === '{"caseId":"c9"}');
    expect(mine?.ReceiptHandle).toEqual(expect.any(String));
    await sqs.send(
      new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: mine!.ReceiptHandle }),
    );
    await expect(
      sqs.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: mine!.ReceiptHandle }),
      ),
    ).rejects.toMatchObject({ name: 'ReceiptHandleIsInvalid' });
    expect(queue.list().some((message) => message.body === '{"caseId":"c9"}')).toBe(false);
  });
});
