import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';
import type { StageConfig } from './stage-config';

/**
 * A queue that keeps scheduled runs nobody could complete (the Scheduler's undelivered events,
 * the scheduled targets' failed invocations) until an operator replays them. Created in
 * `scope` under `id`, so the logical id is the caller's as before this helper existed.
 */
export function deadLetterQueue(
  scope: Construct,
  id: string,
  props: { config: StageConfig; queueName: string; keeps: string },
): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    queueName: props.queueName,
    // The runs' inputs hold ids only (DESIGN.md §6); encrypted at rest all the same.
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // SQS's longest: time to notice and replay a failed end or refund.
    retentionPeriod: Duration.days(14),
    removalPolicy: props.config.removalPolicy,
  });
  acknowledge(
    queue,
    ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'],
    `This queue is itself a dead-letter queue (${props.keeps}); the rule only recognises ` +
      'queues named in another queue’s redrive policy.',
  );
  return queue;
}
