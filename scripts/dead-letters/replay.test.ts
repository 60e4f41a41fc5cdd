import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FailedRunRecord } from '../../functions/src/scheduled-runs';
import { lambdaInvoker } from './lambda-invoker';
import { FAILED_RUNS_QUEUE, useMockedSqs } from './mocked-sqs';
import { processFailedRuns, summary } from './replay';
import { openFailedRunsQueue } from './sqs-queue';

/** The replay's decisions, through its two AWS adapters (their clients mocked). */

const sqs = useMockedSqs(mockClient(SQSClient));
const lambda = mockClient(LambdaClient);
const expiry = 'telehealth-prod-cases-expire-case';
const meetingEnd = 'telehealth-prod-meetings-end-meeting';

function record(functionName: string, payload: unknown): string {
  const body: FailedRunRecord = {
    version: '1.0',
    timestamp: '2026-11-28T10:00:00.000Z',
    requestContext: {
      requestId: 'req-1',
      functionArn: `arn:aws:lambda:eu-west-1:111111111111:function:${functionName}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: 3,
    },
    requestPayload: payload,
    responseContext: { statusCode: 200, functionError: 'Unhandled' },
    responsePayload: { errorType: 'Error', errorMessage: 'it failed' },
  };
  return JSON.stringify(body);
}

const messages = [
  { MessageId: '1', ReceiptHandle: 'r-expiry', Body: record(expiry, { caseId: 'c1' }) },
  { MessageId: '2', ReceiptHandle: 'r-end', Body: record(meetingEnd, { caseId: 'c2' }) },
  { MessageId: '3', ReceiptHandle: 'r-other', Body: record('telehealth-prod-admin-login', {}) },
  { MessageId: '4', ReceiptHandle: 'r-garbage', Body: 'not json' },
];

beforeEach(() => {
  lambda.reset();
  sqs.on(ReceiveMessageCommand).resolvesOnce({ Messages: messages }).resolves({});
  sqs.on(DeleteMessageCommand).resolves({});
  sqs.on(ChangeMessageVisibilityCommand).resolves({});
  lambda.on(InvokeCommand, { FunctionName: expiry }).resolves({ StatusCode: 200 });
  lambda
    .on(InvokeCommand, { FunctionName: meetingEnd })
    .resolves({ StatusCode: 200, FunctionError: 'Unhandled' });
});

async function pass(replay: boolean) {
  const lines: string[] = [];
  const report = await processFailedRuns({
    queue: await openFailedRunsQueue(new SQSClient({}), FAILED_RUNS_QUEUE),
    invoke: lambdaInvoker(new LambdaClient({})),
    replay,
    functionNames: new Set([expiry, meetingEnd]),
    print: (line) => lines.push(line),
  });
  return { report, lines };
}

const deleted = () =>
  sqs.commandCalls(DeleteMessageCommand).map((call) => call.args[0].input.ReceiptHandle);
const released = () =>
  sqs.commandCalls(ChangeMessageVisibilityCommand).map((call) => call.args[0].input.ReceiptHandle);

describe('replaying failed scheduled runs', () => {
  it('invokes each scheduled target again and deletes only the runs that succeeded', async () => {
    const { report, lines } = await pass(true);
    expect(report).toEqual({ found: 4, replayed: 1, failed: 1, skipped: 2 });
    expect(
      lambda.commandCalls(InvokeCommand).map((call) => call.args[0].input.FunctionName),
    ).toEqual([expiry, meetingEnd]);
    expect(deleted()).toEqual(['r-expiry']);
    // The rest is visible again at once for the next pass (and the alarm keeps firing).
    expect(released()).toEqual(['r-end', 'r-other', 'r-garbage']);
    expect(lines[0]).toBe(
      `- 2026-11-28T10:00:00.000Z ${expiry} {"caseId":"c1"}: RetriesExhausted after 3 attempt(s) (it failed)`,
    );
    expect(lines).toContain(
      '  skipped: telehealth-prod-admin-login is not a scheduled target of this stage',
    );
    expect(summary(report, true)).toBe(
      '4 failed scheduled run(s): 1 replayed, 1 failed again, 2 skipped.',
    );
  });

  it('only lists without --replay: nothing invoked, nothing deleted, everything released', async () => {
    const { report, lines } = await pass(false);
    expect(report).toEqual({ found: 4, replayed: 0, failed: 0, skipped: 1 });
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(0);
    expect(deleted()).toEqual([]);
    expect(released()).toEqual(['r-expiry', 'r-end', 'r-other', 'r-garbage']);
    expect(lines).toHaveLength(4);
  });

  it('stops at the first empty receive', async () => {
    sqs.on(ReceiveMessageCommand).resolves({});
    const { report } = await pass(true);
    expect(report).toEqual({ found: 0, replayed: 0, failed: 0, skipped: 0 });
    expect(sqs.commandCalls(ReceiveMessageCommand)).toHaveLength(1);
  });
});
