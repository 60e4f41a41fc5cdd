import { Aws, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface SchedulerProps {
  readonly config: StageConfig;
}

/**
 * EventBridge Scheduler (DESIGN.md §5, §7): handlers create one-time schedules in this group
 * (the end of a meeting at `endsAt`, the release of a lapsed claim, the expiry of a paid case)
 * that invoke the functions of `scheduledTargets` as `invokeRole`. An invocation that still
 * fails after the schedule's retry policy goes to `deadLetterQueue` (its ARN reaches the
 * functions that create schedules as `SCHEDULER_DLQ_ARN`), where an operator can see and replay
 * it: a meeting that never ended or a case never refunded must not vanish silently.
 */
export class Scheduler extends Construct {
  readonly groupName: string;
  readonly groupArn: string;
  /** The role EventBridge Scheduler assumes to invoke targets. */
  readonly invokeRole: iam.Role;
  /** Where Scheduler puts an invocation whose retries all failed. */
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: SchedulerProps) {
    super(scope, id);
    this.groupName = resourcePrefix(props.config.stage);

    const group = new scheduler.CfnScheduleGroup(this, 'Group', { name: this.groupName });
    this.groupArn = group.attrArn;

    this.invokeRole = new iam.Role(this, 'InvokeRole', {
      description: `EventBridge Scheduler invokes Lambda targets of the ${this.groupName} group`,
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        // Confused-deputy protection: only schedules of this account and group.
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnEquals: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:scheduler:${Aws.REGION}:${Aws.ACCOUNT_ID}:schedule-group/${this.groupName}`,
          },
        },
      }),
    });

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      queueName: `${this.groupName}-scheduler-dlq`,
      // The schedule input holds ids only (DESIGN.md §6); encrypted at rest all the same.
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // SQS's longest: time to notice and replay a failed end or refund.
      retentionPeriod: Duration.days(14),
      removalPolicy: props.config.removalPolicy,
    });
    this.deadLetterQueue.grantSendMessages(this.invokeRole);
    acknowledge(
      this.deadLetterQueue,
      ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'],
      'This queue is itself the dead-letter queue of the EventBridge Scheduler targets; the rule ' +
        'only recognises queues named in another queue’s redrive policy.',
    );
  }

  /** Lets schedules of the group invoke `fn` (a function of `scheduledTargets`). */
  allowInvoke(fn: lambda.IFunction): void {
    fn.grantInvoke(this.invokeRole);
  }

  /**
   * Lets `grantee` create and delete one-time schedules in the group and hand them the invoke
   * role (the claim, the payment handlers, `start-timer` and the meeting end).
   */
  grantManageSchedules(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
      resourceArns: [
        `arn:${Aws.PARTITION}:scheduler:${Aws.REGION}:${Aws.ACCOUNT_ID}:schedule/${this.groupName}/*`,
      ],
    });
    this.invokeRole.grantPassRole(grantee.grantPrincipal);
  }
}
