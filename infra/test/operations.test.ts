import { readFileSync } from 'node:fs';
import { Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableDefinition } from '#db/table-definition';
import { tagDependency } from '#core/dependency-failure';
import { badRequest } from '#core/errors';
import { errorEnvelope } from '#lib/http/middleware/error-envelope';
import type { HttpMiddleware } from '#lib/http/types';
import { stripeWebhook } from '#routes';
import { createTelehealthApp, nagPacks } from '../lib/app';
import { backupRetention, backupRolePolicies } from '../lib/backup';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { alarmThresholds, maxMetricsPerAlarm } from '../lib/alarms';
import { prodContext } from './prod-context';
import { onlyResource, resourcesOfType, synth, type Resources } from './synth';

interface MetricQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: {
    Metric: {
      MetricName: string;
      Namespace: string;
      Dimensions?: { Name: string; Value: unknown }[];
    };
    Stat: string;
    Period: number;
  };
}

interface AlarmProperties {
  AlarmName: string;
  AlarmActions?: unknown[];
  OKActions?: unknown[];
  ActionsEnabled?: boolean;
  TreatMissingData?: string;
  ComparisonOperator: string;
  Threshold: number;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Metrics?: MetricQuery[];
}

const alarmsOf = (stage: string): Record<string, AlarmProperties> =>
  Object.fromEntries(
    Object.values(resourcesOfType(synth(stage).template, 'AWS::CloudWatch::Alarm')).map(
      (resource) => {
        const properties = resource.Properties as unknown as AlarmProperties;
        return [properties.AlarmName, properties];
      },
    ),
  );

/** Logical id of the function of a handler, found by its physical name. */
function functionLogicalId(resources: Resources, stage: string, handler: string): string {
  const name = handlerFunctionName(stage, handler);
  const match = Object.entries(resources).find(
    ([, resource]) =>
      resource.Type === 'AWS::Lambda::Function' && resource.Properties?.FunctionName === name,
  );
  if (!match) throw new Error(`No function ${name}`);
  return match[0];
}

const metricQueries = (alarm: AlarmProperties) =>
  (alarm.Metrics ?? []).filter((query) => query.MetricStat);

const returned = (alarm: AlarmProperties) =>
  (alarm.Metrics ?? []).find((query) => query.ReturnData !== false);

describe.each(['dev', 'prod'])('alarms on stage %s', (stage) => {
  const { template } = synth(stage);
  const resources = template.toJSON().Resources as Resources;
  const alarms = alarmsOf(stage);
  const [topicId] = onlyResource(template, 'AWS::SNS::Topic');

  it('go to the stage’s KMS-encrypted, TLS-only topic', () => {
    // CloudWatch may use the key and the topic for this stage's alarms only.
    const ownAlarmsOnly = {
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
      ArnLike: {
        'aws:SourceArn': {
          'Fn::Join': [
            '',
            Match.arrayWith([Match.stringLikeRegexp(`:alarm:telehealth-${stage}-\\*$`)]),
          ],
        },
      },
    };
    template.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: `telehealth-${stage}-alarms`,
      KmsMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MonitoringTopicKey'), 'Arn'] },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      Description: Match.stringLikeRegexp('alarm notifications'),
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
            Condition: ownAlarmsOnly,
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: '*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Resource: { Ref: topicId },
            Condition: ownAlarmsOnly,
          }),
        ]),
      },
    });
  });

  it('every one notifies the topic on alarm and on recovery, and no data is no alarm', () => {
    expect(Object.keys(alarms).length).toBeGreaterThan(10);
    for (const [name, alarm] of Object.entries(alarms)) {
      expect(name).toMatch(new RegExp(`^telehealth-${stage}-`));
      expect(alarm.AlarmActions, name).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions, name).toEqual([{ Ref: topicId }]);
      expect(alarm.ActionsEnabled, name).not.toBe(false);
      expect(alarm.TreatMissingData, name).toBe('notBreaching');
      expect(alarm.ComparisonOperator, name).toBe('GreaterThanOrEqualToThreshold');
      // CloudWatch refuses metric math alarms that read more than 10 metrics.
      expect(metricQueries(alarm).length, name).toBeLessThanOrEqual(maxMetricsPerAlarm);
    }
  });

  it('are each documented in docs/deployment.md', () => {
    const doc = readFileSync(new URL('../../docs/deployment.md', import.meta.url), 'utf8');
    for (const name of Object.keys(alarms)) {
      const documented = name.replace(`telehealth-${stage}-`, '').replace(/-\d+$/, '-{n}');
      expect(doc, name).toContain(`| \`${documented}\``);
    }
  });

  it('has an email subscription only where -c alarmEmail is set (prod’s test context)', () => {
    template.resourceCountIs('AWS::SNS::Subscription', stage === 'prod' ? 1 : 0);
  });

  it('watches the HTTP API’s 5xx rate, not a raw count', () => {
    const alarm = alarms[`telehealth-${stage}-http-5xx-rate`]!;
    const [httpApiId] = onlyResource(template, 'AWS::ApiGatewayV2::Api', (p) =>
      String(p.Name).endsWith('-http'),
    );
    const byName = Object.fromEntries(
      metricQueries(alarm).map((query) => [query.MetricStat!.Metric.MetricName, query]),
    );
    expect(Object.keys(byName).sort()).toEqual(['5xx', 'Count']);
    for (const query of Object.values(byName)) {
      expect(query.MetricStat!.Metric.Dimensions).toEqual([
        { Name: 'ApiId', Value: { Ref: httpApiId } },
      ]);
    }
    const expression = returned(alarm)!.Expression!;
    expect(expression).toContain(`${byName['5xx']!.Id} / ${byName.Count!.Id}`);
    expect(expression).toContain(`${byName.Count!.Id} >= ${alarmThresholds.http5xxMinRequests}`);
    expect(alarm.Threshold).toBe(alarmThresholds.http5xxPercent);
  });

  it('covers every function once for errors and once for p99 duration, against its timeout', () => {
    const errorsOf = new Map<string, string>();
    const durationOf = new Map<string, string>();
    const batches = Object.entries(alarms).filter(([name]) =>
      /-lambda-(errors|p99-duration)-\d+$/.test(name),
    );
    for (const [name, alarm] of batches) {
      for (const query of metricQueries(alarm)) {
        const { Metric, Stat } = query.MetricStat!;
        if (Metric.Namespace !== 'AWS/Lambda' || !Metric.Dimensions) continue;
        const fn = (Metric.Dimensions[0]!.Value as { Ref: string }).Ref;
        if (Metric.MetricName === 'Errors') {
          expect(errorsOf.has(fn), fn).toBe(false);
          expect(Stat).toBe('Sum');
          errorsOf.set(fn, name);
        }
        if (Metric.MetricName === 'Duration') {
          expect(durationOf.has(fn), fn).toBe(false);
          expect(Stat).toBe('p99');
          const timeout = resources[fn]!.Properties!.Timeout as number;
          expect(alarm.Threshold, name).toBe(
            timeout * 1000 * alarmThresholds.durationShareOfTimeout,
          );
          durationOf.set(fn, name);
        }
      }
    }
    const functionIds = manifestHandlers().map((handler) =>
      functionLogicalId(resources, stage, handler),
    );
    expect(functionIds.length).toBeGreaterThan(40);
    expect([...errorsOf.keys()].sort()).toEqual([...functionIds].sort());
    expect([...durationOf.keys()].sort()).toEqual([...functionIds].sort());
    // The batch alarm fires on any one function: a sum of errors, the worst p99.
    for (const name of new Set(errorsOf.values())) {
      expect(returned(alarms[name]!)!.Expression).toMatch(/^SUM\(\[/);
    }
    for (const name of new Set(durationOf.values())) {
      expect(returned(alarms[name]!)!.Expression).toMatch(/^MAX\(\[/);
    }
  });

  it('watches throttling: Lambda in the account, DynamoDB on the table and every index, WebSocket refusals', () => {
    const lambda = alarms[`telehealth-${stage}-lambda-throttles`]!;
    expect([lambda.Namespace, lambda.MetricName, lambda.Dimensions]).toEqual([
      'AWS/Lambda',
      'Throttles',
      undefined,
    ]);
    // One alarm per kind (an alarm's expression takes at most 10 metrics).
    const watched = ['read', 'write'].flatMap((kind) => {
      const dynamo = alarms[`telehealth-${stage}-dynamodb-${kind}-throttles`]!;
      expect(returned(dynamo)!.Expression).toMatch(/^SUM\(\[/);
      return metricQueries(dynamo).map(({ MetricStat }) => {
        const dimensions = Object.fromEntries(
          MetricStat!.Metric.Dimensions!.map((d) => [d.Name, d.Value]),
        );
        expect(dimensions.TableName).toEqual({
          Ref: onlyResource(template, 'AWS::DynamoDB::Table')[0],
        });
        const target = (dimensions.GlobalSecondaryIndexName as string | undefined) ?? 'table';
        return `${target} ${MetricStat!.Metric.MetricName}`;
      });
    });
    expect(watched.sort()).toEqual(
      ['table', ...tableDefinition.globalSecondaryIndexes.map((index) => index.indexName)]
        .flatMap((target) => [`${target} ReadThrottleEvents`, `${target} WriteThrottleEvents`])
        .sort(),
    );
    expect(alarms[`telehealth-${stage}-websocket-client-errors`]!.MetricName).toBe('ClientError');
  });

  it('watches WebSocket handler failures on the stage’s WebSocket API', () => {
    const alarm = alarms[`telehealth-${stage}-websocket-execution-errors`]!;
    const [webSocketApiId] = onlyResource(template, 'AWS::ApiGatewayV2::Api', (p) =>
      String(p.Name).endsWith('-ws'),
    );
    expect(alarm.MetricName).toBe('ExecutionError');
    expect(alarm.Dimensions).toEqual(
      expect.arrayContaining([
        { Name: 'ApiId', Value: { Ref: webSocketApiId } },
        { Name: 'Stage', Value: stage },
      ]),
    );
    expect(alarm.Threshold).toBe(1);
  });

  it.each(['scheduler-dlq', 'target-dlq'])('fires on the first message in %s', (name) => {
    const alarm = alarms[`telehealth-${stage}-${name}`]!;
    const [queueId] = onlyResource(
      template,
      'AWS::SQS::Queue',
      (p) => p.QueueName === `telehealth-${stage}-${name}`,
    );
    expect(alarm.MetricName).toBe('ApproximateNumberOfMessagesVisible');
    expect(alarm.Dimensions).toEqual([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } },
    ]);
    expect([alarm.ComparisonOperator, alarm.Threshold]).toEqual([
      'GreaterThanOrEqualToThreshold',
      1,
    ]);
  });

  describe('Stripe webhook', () => {
    const webhookId = functionLogicalId(resources, stage, stripeWebhook.handler);
    const logGroup = (resources[webhookId]!.Properties!.LoggingConfig as { LogGroup: unknown })
      .LogGroup;
    const filters = Object.values(resourcesOfType(template, 'AWS::Logs::MetricFilter')).map(
      (resource) =>
        resource.Properties as {
          LogGroupName: unknown;
          FilterPattern: string;
          MetricTransformations: { MetricName: string; MetricNamespace: string }[];
        },
    );
    const filterOf = (metricName: string) => {
      const filter = filters.find((f) => f.MetricTransformations[0]!.MetricName === metricName);
      expect(filter, metricName).toBeDefined();
      expect(filter!.LogGroupName).toEqual(logGroup);
      return filter!;
    };
    /** The `message` values a filter pattern compares `$.message` with. */
    const messagesOf = (pattern: string) =>
      [...pattern.matchAll(/\$\.message = "([^"]+)"/g)].map((match) => match[1]);

    /** What the real error envelope logs for `error`, parsed. */
    function logLineFor(error: Error): { message: string; status: number } {
      const lines: string[] = [];
      const capture = (chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      };
      vi.spyOn(process.stdout, 'write').mockImplementation(capture);
      vi.spyOn(process.stderr, 'write').mockImplementation(capture);
      const middleware: HttpMiddleware = errorEnvelope('POST /api/stripe/webhook', {});
      void middleware.onError!({
        event: { requestContext: { requestId: 'r1' } },
        context: { awsRequestId: 'a1' },
        error,
        response: undefined,
        internal: {},
      } as unknown as Parameters<NonNullable<HttpMiddleware['onError']>>[0]);
      vi.restoreAllMocks();
      expect(lines).toHaveLength(1);
      return JSON.parse(lines[0]!) as { message: string; status: number };
    }

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('counts the lines the handler logs for its 5xx answers, from its own log group', () => {
      const failed = filterOf('StripeWebhookFailed');
      const timeout = Object.assign(new Error('t'), { name: 'TimeoutError' });
      tagDependency(timeout, 'DynamoDB');
      const lines = [logLineFor(new Error('boom')), logLineFor(timeout)];
      expect(lines.map((line) => line.status)).toEqual([500, 503]);
      expect(messagesOf(failed.FilterPattern).sort()).toEqual(
        lines.map((line) => line.message).sort(),
      );
    });

    it('counts refused requests (a bad signature) separately', () => {
      const rejected = filterOf('StripeWebhookRejected');
      const line = logLineFor(badRequest('Invalid Stripe signature'));
      expect(line.status).toBe(400);
      expect(messagesOf(rejected.FilterPattern)).toEqual([line.message]);
    });

    it('alarms on failures (with the function’s own errors) and on rejections', () => {
      const failures = alarms[`telehealth-${stage}-stripe-webhook-failures`]!;
      const names = metricQueries(failures).map((q) => q.MetricStat!.Metric.MetricName);
      expect(names.sort()).toEqual(['Errors', 'StripeWebhookFailed']);
      expect(
        metricQueries(failures).find((q) => q.MetricStat!.Metric.MetricName === 'Errors')!
          .MetricStat!.Metric.Dimensions,
      ).toEqual([{ Name: 'FunctionName', Value: { Ref: webhookId } }]);
      expect(failures.Threshold).toBe(1);
      const rejections = alarms[`telehealth-${stage}-stripe-webhook-rejections`]!;
      expect(rejections.MetricName).toBe('StripeWebhookRejected');
      expect(rejections.Namespace).toBe(`Telehealth/${stage}`);
    });
  });

  it('has a dashboard with every alarm and the metrics they watch', () => {
    const [, dashboard] = onlyResource(template, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.DashboardName).toBe(`telehealth-${stage}`);
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const logicalId of Object.keys(resourcesOfType(template, 'AWS::CloudWatch::Alarm'))) {
      expect(body, logicalId).toContain(`"${logicalId}","Arn"`);
    }
    for (const handler of manifestHandlers()) {
      expect(body, handler).toContain(functionLogicalId(resources, stage, handler));
    }
    for (const metric of [
      '5xx',
      'Count',
      'Throttles',
      'ReadThrottleEvents',
      'ExecutionError',
      'ClientError',
      'ApproximateNumberOfMessagesVisible',
      'StripeWebhookFailed',
      'StripeWebhookRejected',
    ]) {
      expect(body, metric).toContain(`\\"${metric}\\"`);
    }
  });
});

describe('-c alarmEmail', () => {
  it('subscribes the address to the topic', () => {
    const { stack } = createTelehealthApp({
      context: { alarmEmail: 'ops@example.org', 'aws:cdk:bundling-stacks': [] },
      builtinCloudFormationValidation: false,
    });
    const template = Template.fromStack(stack);
    const [topicId] = onlyResource(template, 'AWS::SNS::Topic');
    expect(
      Object.values(resourcesOfType(template, 'AWS::SNS::Subscription')).map((r) => r.Properties),
    ).toEqual([{ Protocol: 'email', Endpoint: 'ops@example.org', TopicArn: { Ref: topicId } }]);
  });

  it('refuses something that is not one address', () => {
    for (const alarmEmail of ['ops', 'a@b.c,d@e.f', 'ops@example']) {
      expect(() => createTelehealthApp({ context: { alarmEmail } }), alarmEmail).toThrow(
        /Invalid alarmEmail/,
      );
    }
  });
});

describe('AWS Backup', () => {
  it('is absent on dev', () => {
    const { template } = synth('dev');
    for (const type of [
      'AWS::Backup::BackupVault',
      'AWS::Backup::BackupPlan',
      'AWS::Backup::BackupSelection',
    ]) {
      template.resourceCountIs(type, 0);
    }
  });

  describe.each(['prod', 'staging'])('on %s', (stage) => {
    const { template } = synth(stage);
    const [tableId] = onlyResource(template, 'AWS::DynamoDB::Table');
    const [vaultId, vault] = onlyResource(template, 'AWS::Backup::BackupVault');

    it('keeps recovery points in a KMS-encrypted vault nobody can delete them from', () => {
      expect(vault.BackupVaultName).toBe(`telehealth-${stage}`);
      const keyRef = vault.EncryptionKeyArn as { 'Fn::GetAtt': [string, string] };
      const [keyId] = keyRef['Fn::GetAtt'];
      expect(resourcesOfType(template, 'AWS::KMS::Key')[keyId]!.Properties!.EnableKeyRotation).toBe(
        true,
      );
      expect(vault.AccessPolicy).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: expect.arrayContaining(['backup:DeleteRecoveryPoint']) as unknown,
          }),
        ]) as unknown,
      });
      template.hasResource('AWS::Backup::BackupVault', { DeletionPolicy: 'Retain' });
    });

    it('backs up the table daily and monthly with the documented retention', () => {
      template.hasResourceProperties('AWS::Backup::BackupPlan', {
        BackupPlan: {
          BackupPlanRule: [
            {
              RuleName: 'Daily',
              ScheduleExpression: 'cron(0 3 * * ? *)',
              Lifecycle: { DeleteAfterDays: backupRetention.dailyDays },
              TargetBackupVault: { 'Fn::GetAtt': [vaultId, 'BackupVaultName'] },
            },
            {
              RuleName: 'Monthly',
              ScheduleExpression: 'cron(0 4 1 * ? *)',
              Lifecycle: { DeleteAfterDays: backupRetention.monthlyDays },
              TargetBackupVault: { 'Fn::GetAtt': [vaultId, 'BackupVaultName'] },
            },
          ],
        },
      });
    });

    it('selects the table and the uploads bucket (versioned, as S3 backups need)', () => {
      const [bucketId, bucket] = onlyResource(template, 'AWS::S3::Bucket', (properties) =>
        JSON.stringify(properties.BucketName ?? '').includes('-uploads-'),
      );
      expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      const [, selection] = onlyResource(template, 'AWS::Backup::BackupSelection');
      expect((selection.BackupSelection as { Resources: unknown[] }).Resources).toEqual([
        { 'Fn::GetAtt': [tableId, 'Arn'] },
        { 'Fn::GetAtt': [bucketId, 'Arn'] },
      ]);
    });

    it('backs up with a role only AWS Backup can assume, with the S3 backup policies', () => {
      const [, selection] = onlyResource(template, 'AWS::Backup::BackupSelection');
      const roleRef = (selection.BackupSelection as { IamRoleArn: { 'Fn::GetAtt': string[] } })
        .IamRoleArn['Fn::GetAtt'][0]!;
      const role = resourcesOfType(template, 'AWS::IAM::Role')[roleRef]!.Properties!;
      expect(role).toMatchObject({
        AssumeRolePolicyDocument: {
          Statement: [{ Principal: { Service: 'backup.amazonaws.com' }, Action: 'sts:AssumeRole' }],
        },
      });
      const policies = JSON.stringify(role.ManagedPolicyArns);
      for (const policy of [
        'service-role/AWSBackupServiceRolePolicyForBackup',
        'AWSBackupServiceRolePolicyForS3Backup',
        'AWSBackupServiceRolePolicyForS3Restore',
      ]) {
        expect(policies, policy).toContain(`:iam::aws:policy/${policy}"`);
      }
    });

    it('reports every failed, aborted or expired backup job of the vault to the alarm topic', () => {
      const [topicId] = onlyResource(template, 'AWS::SNS::Topic');
      const [, rule] = onlyResource(template, 'AWS::Events::Rule', (properties) =>
        JSON.stringify(properties.EventPattern).includes('aws.backup'),
      );
      expect(rule.Name).toBe(`telehealth-${stage}-backup-job-failed`);
      expect(rule.State).toBe('ENABLED');
      expect(rule.EventPattern).toEqual({
        source: ['aws.backup'],
        'detail-type': ['Backup Job State Change'],
        // Every state of a job that left no recovery point (AWS Backup's BackupJob states).
        detail: {
          state: ['FAILED', 'ABORTED', 'EXPIRED'],
          backupVaultName: [`telehealth-${stage}`],
        },
      });
      expect(rule.Targets).toEqual([expect.objectContaining({ Arn: { Ref: topicId } })]);
    });

    it('lets EventBridge publish to the topic and use its key for this stage’s rules only', () => {
      const [topicId] = onlyResource(template, 'AWS::SNS::Topic');
      const fromEvents = (statements: { Principal?: unknown }[]) =>
        statements.filter(
          (statement) =>
            JSON.stringify(statement.Principal) === '{"Service":"events.amazonaws.com"}',
        );
      const [, topicPolicy] = onlyResource(template, 'AWS::SNS::TopicPolicy');
      const [topicStatement] = fromEvents(
        (topicPolicy.PolicyDocument as { Statement: { Principal?: unknown }[] }).Statement,
      );
      const keyId = (
        resourcesOfType(template, 'AWS::SNS::Topic')[topicId]!.Properties!.KmsMasterKeyId as {
          'Fn::GetAtt': string[];
        }
      )['Fn::GetAtt'][0]!;
      const keyPolicy = resourcesOfType(template, 'AWS::KMS::Key')[keyId]!.Properties!
        .KeyPolicy as { Statement: { Principal?: unknown }[] };
      const [keyStatement] = fromEvents(keyPolicy.Statement);
      for (const statement of [topicStatement, keyStatement]) {
        expect(JSON.stringify(statement)).toContain(`:rule/telehealth-${stage}-*`);
        expect(statement).toMatchObject({
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        });
      }
    });
  });
});

describe('cdk-nag acknowledgments that exist only outside dev', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('each match a finding of their rule at or below their construct on prod', () => {
    const context = {
      stage: 'prod',
      ...prodContext,
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/core:failSynthOnValidationErrors': false,
    };
    // Where each acknowledgment is recorded (construct metadata, as cdk-nag reads it)…
    const acknowledged = createTelehealthApp({ context, builtinCloudFormationValidation: false });
    const acknowledgments = acknowledged.app.node.findAll().flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.keys(entry.data as Record<string, string>))
        .map((id) => ({ id: id.replace(/^annotation::/i, ''), path: construct.node.path })),
    );
    // …and what the packs find with none of them.
    vi.spyOn(Validations.prototype, 'acknowledge').mockImplementation(() => undefined);
    const bare = createTelehealthApp({ context, builtinCloudFormationValidation: false });
    bare.app.synth();
    const findings = nagPacks().flatMap((pack) =>
      pack.validateScope(bare.app).violations.flatMap((v) =>
        v.violatingResources.map((resource) => ({
          id: v.ruleName,
          path: resource.constructPath ?? '',
        })),
      ),
    );
    const stale = acknowledgments.filter(
      (ack) =>
        !findings.some(
          (finding) =>
            finding.id === ack.id &&
            (finding.path === ack.path || finding.path.startsWith(`${ack.path}/`)),
        ),
    );
    expect(acknowledgments.length).toBeGreaterThan(50);
    expect(stale).toEqual([]);
    const backupIds = acknowledgments.filter((ack) =>
      ack.id.includes('AWSBackupServiceRolePolicyFor'),
    );
    expect(backupIds).toHaveLength(backupRolePolicies.length);
    // The table and the bucket are in a backup plan: the rule is satisfied, not acknowledged.
    expect(acknowledgments.map((ack) => ack.id)).not.toContain(
      'HIPAA.Security-DynamoDBInBackupPlan',
    );
    expect(findings.map((finding) => finding.id)).not.toContain(
      'HIPAA.Security-DynamoDBInBackupPlan',
    );
  });
});
