import { GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { beforeEach } from 'vitest';

/** Test helper: SQS mocked for the dead-letter tests (sqs-queue.test.ts, replay.test.ts). */

export const FAILED_RUNS_QUEUE = 'telehealth-prod-target-dlq';
export const FAILED_RUNS_QUEUE_URL = `https://sqs.eu-west-1.amazonaws.com/111111111111/${FAILED_RUNS_QUEUE}`;

/**
 * Sets up the calling test file's SQS stub (`mockClient(SQSClient)`, made in that file: its
 * `mockClient(` is what puts the file in the isolated unit project, local/testing/unit-lanes.ts)
 * and resets it before each test to an SQS that finds `FAILED_RUNS_QUEUE` by its name and
 * answers nothing else until the test says so. Registers the file's hook: call it at the top
 * level, before the file's own `beforeEach`.
 */
export function useMockedSqs(sqs: AwsClientStub<SQSClient>): AwsClientStub<SQSClient> {
  beforeEach(() => {
    sqs.reset();
    sqs
      .on(GetQueueUrlCommand, { QueueName: FAILED_RUNS_QUEUE })
      .resolves({ QueueUrl: FAILED_RUNS_QUEUE_URL });
  });
  return sqs;
}
