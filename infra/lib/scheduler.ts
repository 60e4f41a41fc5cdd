import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface SchedulerProps {
  readonly config: StageConfig;
}

/**
 * EventBridge Scheduler (DESIGN.md §7): `start-timer` creates a one-time schedule in this group
 * that invokes the end-meeting function at start + 15 min, as `invokeRole`.
 */
export class Scheduler extends Construct {
  readonly groupName: string;
  readonly groupArn: string;
  /** The role EventBridge Scheduler assumes to invoke targets. */
  readonly invokeRole: iam.Role;

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
  }

  /** Lets schedules of the group invoke `fn` (the end-meeting function, a later issue). */
  allowInvoke(fn: lambda.IFunction): void {
    fn.grantInvoke(this.invokeRole);
  }

  /**
   * Lets `grantee` create and delete one-time schedules in the group and hand them the invoke
   * role (for `start-timer`, a later issue).
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
