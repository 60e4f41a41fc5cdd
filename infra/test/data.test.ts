import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { indexProjection, keyAttributeNames, tableDefinition } from '#db/table-definition';
import { PENDING_PREFIX } from '#features/uploads/object-keys';
import { onlyResource, resourcesOfType, synth } from './synth';

/** The projection CloudFormation should carry for an index of the definition. */
function projectionOf(index: (typeof tableDefinition.globalSecondaryIndexes)[number]) {
  const projection = indexProjection(index);
  return projection.type === 'ALL'
    ? { ProjectionType: 'ALL' }
    : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projection.attributes] };
}

describe('DynamoDB table', () => {
  const { template } = synth('dev');

  it('has the keys, indexes and TTL of functions/src/db/table-definition.ts', () => {
    const gsis = tableDefinition.globalSecondaryIndexes;
    const keyNames = keyAttributeNames();
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'telehealth-dev',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(
        keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      GlobalSecondaryIndexes: gsis.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: projectionOf(index),
      })),
      TimeToLiveSpecification: {
        AttributeName: tableDefinition.timeToLiveAttribute,
        Enabled: true,
      },
    });
  });

  it('is on-demand, encrypted at rest and has point-in-time recovery', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('may be destroyed with the dev stage', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('S3 buckets', () => {
  const { template } = synth('dev');
  const isUploads = (properties: Record<string, unknown>) =>
    JSON.stringify(properties.BucketName ?? '').includes('telehealth-dev-uploads-');

  it('keeps the uploads bucket versioned, private, KMS-encrypted and access-logged', () => {
    const [, uploads] = onlyResource(template, 'AWS::S3::Bucket', isUploads);
    expect(uploads).toMatchObject({
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' } },
        ],
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: expect.any(String) as unknown } },
    });
  });

  it('expires unverified uploads under pending/ after a day, and nothing else', () => {
    const [, uploads] = onlyResource(template, 'AWS::S3::Bucket', isUploads);
    const rules = (uploads.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    const pending = rules.filter((rule) => rule.Prefix === PENDING_PREFIX);
    expect(pending).toEqual([
      expect.objectContaining({
        Status: 'Enabled',
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      }),
    ]);
    // Verified files live outside the prefix: no other rule expires current objects.
    const expiring = rules.filter((rule) => rule.ExpirationInDays !== undefined);
    expect(expiring).toEqual(pending);
  });

  it('lets only the app origin POST (presigned POST) and GET uploads', () => {
    const [, uploads] = onlyResource(template, 'AWS::S3::Bucket', isUploads);
    const [distributionId] = onlyResource(template, 'AWS::CloudFront::Distribution');
    expect(uploads.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedMethods: expect.arrayContaining(['POST', 'GET']) as unknown,
          AllowedOrigins: [
            { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] },
          ],
        }),
      ],
    });
  });

  it('blocks public access, encrypts, versions and enforces TLS on every bucket', () => {
    const buckets = resourcesOfType(template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3); // access logs, site, uploads
    const policies = Object.values(resourcesOfType(template, 'AWS::S3::BucketPolicy'));
    for (const [logicalId, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties, logicalId).toMatchObject({
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: expect.anything() as unknown,
      });
      const policy = policies.find(
        (candidate) =>
          JSON.stringify(candidate.Properties?.Bucket) === JSON.stringify({ Ref: logicalId }),
      );
      expect(JSON.stringify(policy?.Properties?.PolicyDocument), logicalId).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
  });
});

describe('EventBridge Scheduler', () => {
  const { template } = synth('dev');

  it('has the telehealth-{stage} schedule group', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'telehealth-dev' });
  });

  it('has a role only EventBridge Scheduler of this account can assume', () => {
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: 'sts:AssumeRole',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: Match.objectLike({
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            }),
          }),
        ],
      },
    });
  });

  it('exposes the group and the role as outputs', () => {
    template.hasOutput('ScheduleGroupName', { Value: 'telehealth-dev' });
    template.hasOutput('SchedulerRoleArn', { Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
  });
});
