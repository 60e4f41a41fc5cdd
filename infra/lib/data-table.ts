import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { indexProjection, tableDefinition } from '#db/table-definition';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface DataTableProps {
  readonly config: StageConfig;
}

const stringAttribute = (name: string): dynamodb.Attribute => ({
  name,
  type: dynamodb.AttributeType.STRING,
});

/** An index's projection as CDK takes it: all attributes, or the keys and a few named ones. */
function projectionOf(index: (typeof tableDefinition.globalSecondaryIndexes)[number]) {
  const projection = indexProjection(index);
  return projection.type === 'ALL'
    ? { projectionType: dynamodb.ProjectionType.ALL }
    : {
        projectionType: dynamodb.ProjectionType.INCLUDE,
        nonKeyAttributes: [...projection.attributes],
      };
}

/**
 * The one DynamoDB table (DESIGN.md §4), built from `functions/src/db/table-definition.ts`, the
 * same object the local stack creates DynamoDB Local's table from.
 */
export class DataTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    const { config } = props;

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: resourcePrefix(config.stage),
      partitionKey: stringAttribute(tableDefinition.partitionKey),
      sortKey: stringAttribute(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // Patient data: encrypted with the stage's own key (HIPAA reviewers expect a CMK on PHI
      // stores: its policy, rotation and use in CloudTrail are ours). Every role that reads or
      // writes the table also gets the key through DynamoDB only (infra/lib/data-key-grants.ts).
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: new kms.Key(this, 'Key', {
        description: `Encrypts the DynamoDB table ${resourcePrefix(config.stage)}`,
        enableKeyRotation: true,
        removalPolicy: config.removalPolicy,
      }),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      deletionProtection: !config.isDev,
      removalPolicy: config.removalPolicy,
    });

    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: stringAttribute(index.partitionKey),
        sortKey: stringAttribute(index.sortKey),
        ...projectionOf(index),
      });
    }

    // Every other stage has an AWS Backup plan for the table (infra/lib/backup.ts).
    if (config.isDev) {
      acknowledge(
        this.table,
        'HIPAA.Security-DynamoDBInBackupPlan',
        'dev holds disposable test data and is destroyed with its table; point-in-time ' +
          'recovery (35 days) is on all the same. Every other stage has an AWS Backup plan.',
      );
    }
  }
}
