import { Duration } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

/**
 * How long the table's AWS Backup recovery points are kept (docs/deployment.md, "Backups").
 * Daily for as long as point-in-time recovery reaches back (35 days), so every day of that
 * window also exists outside the table, in a vault whose recovery points nobody can delete;
 * monthly for a year, to recover from damage noticed late (a bad migration, a deleted
 * account) long after PITR has forgotten the good state.
 */
export const backupRetention = {
  dailyDays: 35,
  monthlyDays: 365,
} as const;

export interface TableBackupProps {
  readonly config: StageConfig;
  readonly table: dynamodb.ITable;
}

/**
 * An AWS Backup vault (own KMS key, recovery points locked against deletion) and a plan that
 * backs up the table daily and monthly. Created on every stage except `dev` (the stack decides),
 * whose data is disposable.
 */
export class TableBackup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;

  constructor(scope: Construct, id: string, props: TableBackupProps) {
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
    const selection = this.plan.addSelection('Table', {
      backupSelectionName: `${name}-table`,
      resources: [backup.BackupResource.fromDynamoDbTable(props.table)],
    });
    acknowledge(
      selection,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      'The role AWS Backup assumes to back up the table uses the AWS managed backup policy, ' +
        'which AWS keeps current with what each service’s backup needs; only AWS Backup can ' +
        'assume it and it is selected for this table alone.',
    );
  }
}
