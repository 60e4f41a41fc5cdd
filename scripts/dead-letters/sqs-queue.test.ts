import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { FAILED_RUNS_QUEUE, FAILED_RUNS_QUEUE_URL, useMockedSqs } from './mocked-sqs';
import { openFailedRunsQueue, RECEIVE_VISIBILITY_SECONDS } from './sqs-queue';

const sqs = useMockedSqs(mockClient(SQSClient));

describe('the failed-runs queue over SQS', () => {
  it('finds the queue by name and receives up to 10 messages, hidden for the pass, long-polled', async () => {
    sqs.on(ReceiveMessageCommand).resolves({
      Messages: [
        { MessageId: 'm1', ReceiptHandle: 'r1', Body: '{"a":1}' },
        // Without a receipt a message cannot be deleted: not handed out.
        { MessageId: 'm2', Body: '{}' },
      ],
    });
    const queue = await openFailedRunsQueue(new SQSClient({}), FAILED_RUNS_QUEUE);
    expect(await queue.receive()).toEqual([{ receiptHandle: 'r1', body: '{"a":1}' }]);
    expect(sqs.commandCalls(ReceiveMessageCommand)[0]!.args[0].input).toEqual({
      QueueUrl: FAILED_RUNS_QUEUE_URL,
      MaxNumberOfMessages: 10,
      VisibilityTimeout: RECEIVE_VISIBILITY_SECONDS,
      WaitTimeSeconds: 2,
    });
  });

  it('answers no messages for an empty queue', async () => {
    sqs.on(ReceiveMessageCommand).resolves({});
    const queue = await openFailedRunsQueue(new SQSClient({}), FAILED_RUNS_QUEUE);
    expect(await queue.receive()).toEqual([]);
  });

  it('deletes by receipt, and releases by making the message visible at once', async () => {
    sqs.on(DeleteMessageCommand).resolves({});
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    const queue = await openFailedRunsQueue(new SQSClient({}), FAILED_RUNS_QUEUE);
    await queue.delete({ receiptHandle: 'r1', body: '' });
    await queue.release({ receiptHandle: 'r2', body: '' });
    expect(sqs.commandCalls(DeleteMessageCommand)[0]!.args[0].input).toEqual({
      QueueUrl: FAILED_RUNS_QUEUE_URL,
      ReceiptHandle: 'r1',
    });
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)[0]!.args[0].input).toEqual({
      QueueUrl: FAILED_RUNS_QUEUE_URL,
      ReceiptHandle: 'r2',
      VisibilityTimeout: 0,
    });
  });

  it('fails when the stage has no such queue', async () => {
    sqs.on(GetQueueUrlCommand).rejects(new Error('The specified queue does not exist.'));
    await expect(
      openFailedRunsQueue(new SQSClient({}), 'telehealth-nope-target-dlq'),
    ).rejects.toThrow(/does not exist/);
  });
});
