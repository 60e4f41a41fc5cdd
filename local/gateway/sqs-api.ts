import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalFailedRunsQueue } from './failed-runs-queue';
import { writeJson } from './http-events';

/** SQS's own bounds on a receive (ReceiveMessage in the SQS API Reference). */
const MAX_MESSAGES = 10;
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;

export interface LocalQueueEndpoint {
  queue: LocalFailedRunsQueue;
  queueName: string;
  /** The queue's URL as GetQueueUrl answers it (on the gateway's origin). */
  queueUrl: string;
}

/**
 * The SQS API of the local failed-runs queue, in the AWS JSON 1.0 protocol the AWS SDK sends
 * (`x-amz-target: AmazonSQS.<Action>`), so `npm run dead-letters -- --local <url>` runs the
 * same SDK calls as against a stage. Only the actions the replay uses; anything else is the
 * error SQS answers for an unknown action. Returns false when the request is not an SQS call.
 */
export function handleSqsApi(
  endpoint: LocalQueueEndpoint,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
): boolean {
  const target = req.headers['x-amz-target'];
  if (req.method !== 'POST' || typeof target !== 'string' || !target.startsWith('AmazonSQS.')) {
    return false;
  }
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    sqsError(res, 'InvalidParameterValue', 'The request body is not JSON.');
    return true;
  }
  const action = target.slice('AmazonSQS.'.length);
  if (action === 'GetQueueUrl') {
    if (input.QueueName === endpoint.queueName)
      writeJson(res, 200, { QueueUrl: endpoint.queueUrl });
    else sqsError(res, 'QueueDoesNotExist', 'The specified queue does not exist.');
    return true;
  }
  if (input.QueueUrl !== endpoint.queueUrl) {
    sqsError(res, 'QueueDoesNotExist', 'The specified queue does not exist.');
    return true;
  }
  const receipt = typeof input.ReceiptHandle === 'string' ? input.ReceiptHandle : '';
  switch (action) {
    case 'ReceiveMessage': {
      const max = Number(input.MaxNumberOfMessages ?? 1);
      const visibility = Number(input.VisibilityTimeout ?? 30);
      if (!(max >= 1 && max <= MAX_MESSAGES)) {
        sqsError(res, 'InvalidParameterValue', 'MaxNumberOfMessages must be 1 to 10.');
        return true;
      }
      if (!(visibility >= 0 && visibility <= MAX_VISIBILITY_SECONDS)) {
        sqsError(res, 'InvalidParameterValue', 'VisibilityTimeout is out of range.');
        return true;
      }
      // WaitTimeSeconds is not honoured: one process holds the whole queue, so an empty
      // answer is already the truth (SQS long-polls to ask all of its servers).
      const messages = endpoint.queue.receive(max, visibility);
      writeJson(res, 200, messages.length > 0 ? { Messages: messages } : {});
      return true;
    }
    case 'DeleteMessage':
      if (endpoint.queue.delete(receipt)) writeJson(res, 200, {});
      else sqsError(res, 'ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
      return true;
    case 'ChangeMessageVisibility':
      if (endpoint.queue.changeVisibility(receipt, Number(input.VisibilityTimeout ?? 0))) {
        writeJson(res, 200, {});
      } else {
        sqsError(res, 'ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
      }
      return true;
    default:
      sqsError(res, 'InvalidAction', `The action ${action} is not valid for this endpoint.`);
      return true;
  }
}

/** An SQS error as the JSON protocol carries it: `__type` and the query-compatible header. */
function sqsError(res: ServerResponse, code: string, message: string): void {
  writeJson(
    res,
    400,
    { __type: `com.amazonaws.sqs#${code}`, message },
    { 'x-amzn-query-error': `${code};Sender` },
  );
}
