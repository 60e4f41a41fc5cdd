import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

/** A message of the failed-runs queue, received and hidden until deleted or released. */
export interface QueuedRun {
  readonly receiptHandle: string;
  readonly body: string;
}

/** The failed-runs queue as the replay uses it (SQS in a stage, the gateway's stand-in locally). */
export interface FailedRunsQueue {
  /** The next visible messages (at most 10); none when the queue holds no visible message. */
  receive(): Promise<QueuedRun[]>;
  delete(run: QueuedRun): Promise<void>;
  /** Makes a received message visible again at once. */
  release(run: QueuedRun): Promise<void>;
}

/**
 * Longer than a batch of 10 replays of functions with a 15 s timeout, so a run received once
 * is not received again in the same pass; whatever is not deleted is released at the end.
 */
export const RECEIVE_VISIBILITY_SECONDS = 300;

/** The queue named `queueName`, through `client`. */
export async function openFailedRunsQueue(
  client: SQSClient,
  queueName: string,
): Promise<FailedRunsQueue> {
  const { QueueUrl: queueUrl } = await client.send(
    new GetQueueUrlCommand({ QueueName: queueName }),
  );
  if (!queueUrl) throw new Error(`SQS returned no URL for the queue ${queueName}`);
  return {
    async receive() {
      const { Messages: messages = [] } = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: RECEIVE_VISIBILITY_SECONDS,
          // A long poll asks every SQS server, so an empty answer means an empty queue.
          WaitTimeSeconds: 2,
        }),
      );
      return messages.flatMap((message) =>
        message.ReceiptHandle && message.Body !== undefined
          ? [{ receiptHandle: message.ReceiptHandle, body: message.Body }]
          : [],
      );
    },
    async delete(run) {
      await client.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: run.receiptHandle }),
      );
    },
    async release(run) {
      await client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: run.receiptHandle,
          VisibilityTimeout: 0,
        }),
      );
    },
  };
}
