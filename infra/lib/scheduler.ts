import { Aws, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { failedRunsQueueName, scheduledRunRetries } from '../../functions/src/scheduled-runs';
import { deadLetterQueue } from './dead-letter-queue';
import { resourcePrefix, type StageConfig } from './stage-config';

/**
 * An on-failure destination that may only send to the queue: CDK's `SqsDestination` also grants
 * `GetQueueAttributes` and `GetQueueUrl`, which Lambda does not need to deliver a record.
 */
class QueueSendOnly implements lambda.IDestination {
  constructor(private readonly queue: sqs.IQueue) {}

  bind(_scope: Construct, fn: lambda.IFunction): lambda.DestinationConfig {
    this.queue.grant(fn, 'sqs:SendMessage');
    return { destination: this.queue.queueArn };
  }
}

export interface SchedulerProps {
  readonly config: StageConfig;
}

/**
 * EventBridge Scheduler (DESIGN.md §5, §7): handlers create one-time schedules in this group
 * (the end of a meeting at `endsAt`, the release of a lapsed claim, the expiry of a paid case)
 * that invoke the functions of `scheduledTargets` as `invokeRole`, asynchronously. Two queues
 * keep what did not run, so a meeting that never ended or a case never refunded cannot vanish
 * silently: `deadLetterQueue` the events Scheduler could not hand to Lambda after the schedule's
 * retry policy (its ARN reaches the functions that create schedules as `SCHEDULER_DLQ_ARN`),
 * `failedRunsQueue` the runs whose function threw on every attempt. Each has an alarm
 * (alarms.ts) and `npm run dead-letters` lists and replays the second.
 */
export class Scheduler extends Construct {
  readonly groupName: string;
  readonly groupArn: string;
  /** The role EventBridge Scheduler assumes to invoke targets. */
  readonly invokeRole: iam.Role;
  /** Where Scheduler puts an invocation it could not deliver after its retries. */
  readonly deadLetterQueue: sqs.Queue;
  /**
   * Where Lambda puts a scheduled run whose function threw on every attempt (`keepFailedRuns`):
   * Scheduler invokes asynchronously, so its own queue never sees a function's error.
   */
  readonly failedRunsQueue: sqs.Queue;
  /** Its name, `telehealth-{stage}-target-dlq` (a plain string, for texts and the replay). */
  readonly failedRunsQueueName: string;

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

    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetterQueue', {
      config: props.config,
      queueName: `${this.groupName}-scheduler-dlq`,
      keeps: 'of the EventBridge Scheduler targets',
    });
    this.deadLetterQueue.grantSendMessages(this.invokeRole);

    this.failedRunsQueueName = failedRunsQueueName(props.config.stage);
    this.failedRunsQueue = deadLetterQueue(this, 'FailedRunsQueue', {
      config: props.config,
      queueName: this.failedRunsQueueName,
      keeps: 'the on-failure destination of the scheduled functions',
    });
  }

  /** Lets schedules of the group invoke `fn` (a function of `scheduledTargets`). */
  allowInvoke(fn: lambda.IFunction): void {
    fn.grantInvoke(this.invokeRole);
  }

  /**
   * Lambda's asynchronous invocation of `fn` (a function of `scheduledTargets`): explicit
   * retries, and a run that failed them all, or waited too long, goes with its input and error
   * to `failedRunsQueue` (docs/deployment.md, "Failed scheduled runs").
   */
  keepFailedRuns(fn: lambda.Function): void {
    fn.configureAsyncInvoke({
      retryAttempts: scheduledRunRetries.retryAttempts,
      maxEventAge: Duration.seconds(scheduledRunRetries.maxEventAgeSeconds),
      onFailure: new QueueSendOnly(this.failedRunsQueue),
    });
  }

  /**
   * Lets `grantee` create, move and delete one-time schedules in the group and hand them the
   * invoke role (the claim, the payment handlers, `start-timer`, the meeting end, and the room
   * messages that move a meeting's end for a dropped call).
   */
  grantManageSchedules(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: [
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'scheduler:GetSchedule',
      ],
      resourceArns: [
        `arn:${Aws.PARTITION}:scheduler:${Aws.REGION}:${Aws.ACCOUNT_ID}:schedule/${this.groupName}/*`,
      ],
    });
    this.invokeRole.grantPassRole(grantee.grantPrincipal);
  }
}
