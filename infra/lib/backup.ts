import { Duration } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

/**
 * How long the AWS Backup recovery points are kept (docs/deployment.md, "Backups").
 * Daily for as long as point-in-time recovery reaches back (35 days), so every day of that
 * window also exists outside the table, in a vault whose recovery points nobody can delete;
 * monthly for a year, to recover from damage noticed late (a bad migration, a deleted
 * account) long after PITR has forgotten the good state.
 */
export const backupRetention = {
  dailyDays: 35,
  monthlyDays: 365,
} as const;

/**
 * The AWS managed policies of the backup role: backing up and restoring DynamoDB
 * (`service-role/…`) and S3 (S3 has its own pair, at the root path).
 */
export const backupRolePolicies = [
  'service-role/AWSBackupServiceRolePolicyForBackup',
  'service-role/AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
] as const;

/** The job states that mean a scheduled backup did not happen (EventBridge `detail.state`). */
const failedBackupJobStates = ['FAILED', 'ABORTED', 'EXPIRED'] as const;

export interface DataBackupProps {
  readonly config: StageConfig;
  readonly table: dynamodb.ITable;
  /** Versioned (AWS Backup for S3 needs it) and backed up with the table. */
  readonly uploads: s3.IBucket;
  /** Where a failed, aborted or expired backup job is reported: the stage's alarm topic. */
  readonly failureTarget: events.IRuleTarget;
}

/**
 * An AWS Backup vault (own KMS key, recovery points locked against deletion) and a plan that
 * backs up the table and the uploads bucket (patient attachments, licence documents) daily and
 * monthly, with a notification for every backup job that fails. Created on every stage except
 * `dev` (the stack decides), whose data is disposable.
 */
export class DataBackup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;

  constructor(scope: Construct, id: string, props: DataBackupProps) {
    super(scope, id);
    const name = resourcePrefix(props.config.stage);

    const key = new kms.Key(this, 'VaultKey', {
      description: `Encrypts the AWS Backup vault of ${name}`,
      enableKeyRotation: true,
      removalPolicy: props.config.removalPolicy,
    });
    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: name,
      encryptionKey: key,
      // Lifecycle expiry still removes recovery points; nobody (an operator, a compromised
      // role) can delete one early or shorten its retention.
      blockRecoveryPointDeletion: true,
      removalPolicy: props.config.removalPolicy,
    });

    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: name,
      backupVault: this.vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: events.Schedule.cron({ hour: '3', minute: '0' }),
          deleteAfter: Duration.days(backupRetention.dailyDays),
        }),
        new backup.BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: events.Schedule.cron({ day: '1', hour: '4', minute: '0' }),
          deleteAfter: Duration.days(backupRetention.monthlyDays),
        }),
      ],
    });
    // One role for both resources; restores (docs/deployment.md, "Backups") may use it too.
    const role = new iam.Role(this, 'Role', {
      description: `AWS Backup backs up and restores the table and uploads of ${name}`,
      assumedBy: new iam.ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: backupRolePolicies.map((policy) =>
        iam.ManagedPolicy.fromAwsManagedPolicyName(policy),
      ),
    });
    this.plan.addSelection('Data', {
      backupSelectionName: `${name}-data`,
      resources: [
        backup.BackupResource.fromDynamoDbTable(props.table),
        backup.BackupResource.fromArn(props.uploads.bucketArn),
      ],
      role,
    });
    for (const policy of backupRolePolicies) {
      acknowledge(
        role,
        `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${policy}]`,
        'AWS Backup’s own managed policies for backing up and restoring DynamoDB and S3, which ' +
          'AWS keeps current with what each service’s backup needs (S3 backups need the S3 ' +
          'pair); only AWS Backup can assume the role, and the plan selects this table and ' +
          'this bucket alone.',
      );
    }

    // AWS Backup reports each job's state to EventBridge (best effort, within minutes); a job
    // that failed, was aborted or expired unstarted means a day without a recovery point.
    const failed = new events.Rule(this, 'JobFailed', {
      ruleName: `${name}-backup-job-failed`,
      description: `A backup job of the vault ${name} failed, was aborted or expired`,
      eventPattern: {
        source: ['aws.backup'],
        detailType: ['Backup Job State Change'],
        detail: { state: [...failedBackupJobStates], backupVaultName: [name] },
      },
      targets: [props.failureTarget],
    });
    acknowledge(
      failed,
      'Serverless-EventBusDLQ',
      'The event is a notification about a job AWS Backup keeps: a notification SNS could not ' +
        'take is lost, the failed job is not; it stays in the vault’s job list (console, ' +
        '`aws backup list-backup-jobs --by-state FAILED`) for 30 days.',
    );
  }
}
