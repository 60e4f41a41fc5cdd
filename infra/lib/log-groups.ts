import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface LogGroupsProps {
  readonly config: StageConfig;
}

/**
 * CloudWatch log groups of the stack (Lambda functions, API access logs), all encrypted with
 * one customer managed key and kept for the stage's retention period. Logs carry no patient
 * data by design (DESIGN.md §6), but request metadata still deserves encryption at rest.
 */
export class LogGroups extends Construct {
  readonly key: kms.Key;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: LogGroupsProps) {
    super(scope, id);
    this.config = props.config;

    this.key = new kms.Key(this, 'Key', {
      description: `Encrypts the CloudWatch log groups of ${resourcePrefix(props.config.stage)}`,
      enableKeyRotation: true,
      removalPolicy: props.config.removalPolicy,
    });
    // CloudWatch Logs encrypts with the key on behalf of log groups of this account and region.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(`logs.${Aws.REGION}.amazonaws.com`)],
        actions: [
          'kms:Encrypt*',
          'kms:Decrypt*',
          'kms:ReEncrypt*',
          'kms:GenerateDataKey*',
          'kms:Describe*',
        ],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*`,
          },
        },
      }),
    );
  }

  /** A new encrypted log group with the stage's retention. */
  create(scope: Construct, id: string, logGroupName?: string): logs.LogGroup {
    return new logs.LogGroup(scope, id, {
      logGroupName,
      encryptionKey: this.key,
      retention: this.config.logRetention,
      removalPolicy: this.config.removalPolicy,
    });
  }
}
