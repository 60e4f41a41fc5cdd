import { Aws } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { stripeWebhook } from '#routes';
import { addStageAlarms } from './alarms';
import { addStageDashboard } from './dashboard';
import { manifestHandlers, type HandlerFunctions } from './handler-functions';
import type { HttpApi } from './http-api';
import { webhookMetrics, type NamedFunction } from './monitoring-metrics';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';
import type { WebSocketApi } from './websocket-api';

export interface MonitoringProps {
  readonly config: StageConfig;
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly functions: HandlerFunctions;
  readonly table: dynamodb.ITable;
  readonly schedulerDeadLetterQueue: sqs.IQueue;
  /** The scheduled runs whose function failed every attempt (Scheduler.failedRunsQueue). */
  readonly failedRunsQueue: sqs.IQueue;
}

/**
 * Alarms and the dashboard of a stage (issue 11 item 4). Every alarm notifies the stage's SNS
 * topic `telehealth-{stage}-alarms` when it fires and when it recovers; `-c alarmEmail=…`
 * subscribes an address. Missing data never alarms: no traffic is not an incident, and every
 * alarm watches a failure count or ratio, never a heartbeat.
 *
 * This construct owns the topic and its key and is the scope of everything else, so the
 * template's logical ids stay `Monitoring…`; what the alarms watch is in `alarms.ts`, the
 * dashboard in `dashboard.ts`, the metrics both read in `monitoring-metrics.ts`.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[];
  private readonly prefix: string;
  private readonly key: kms.Key;
  private eventsAllowed = false;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.prefix = resourcePrefix(props.config.stage);

    const key = (this.key = new kms.Key(this, 'TopicKey', {
      description: `Encrypts the alarm notifications of ${this.prefix}`,
      enableKeyRotation: true,
      removalPolicy: props.config.removalPolicy,
    }));
    // CloudWatch publishes alarm state changes as its service principal: it needs the key and
    // the topic, granted for this stage's alarms only (confused-deputy conditions).
    const fromOwnAlarms = {
      StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
      ArnLike: {
        'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${this.prefix}-*`,
      },
    };
    const cloudWatch = new iam.ServicePrincipal('cloudwatch.amazonaws.com');
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [cloudWatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: fromOwnAlarms,
      }),
    );
    this.topic = new sns.Topic(this, 'Topic', {
      topicName: `${this.prefix}-alarms`,
      displayName: `Telehealth ${props.config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic's policy replaces SNS's default one, so CloudWatch must be allowed explicitly.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: fromOwnAlarms,
      }),
    );
    if (props.config.alarmEmail) {
      this.topic.addSubscription(new EmailSubscription(props.config.alarmEmail));
      acknowledge(
        this.topic,
        'Serverless-SNSRedrivePolicy',
        'The email subscription carries alarm notifications: one SNS cannot deliver after its ' +
          'retries is lost, the alarm is not; its state and history stay in CloudWatch and on ' +
          'the stage’s dashboard.',
      );
    }

    const functions: NamedFunction[] = manifestHandlers().map((handler) => ({
      handler,
      fn: props.functions.forHandler(handler),
    }));
    const webhook = props.functions.forHandler(stripeWebhook.handler);
    const shared = {
      prefix: this.prefix,
      httpApi: props.httpApi,
      webSocketApi: props.webSocketApi,
      table: props.table,
      functions,
      webhook,
      webhookMetrics: webhookMetrics(this, props.config.stage, webhook),
      schedulerDeadLetterQueue: props.schedulerDeadLetterQueue,
      failedRunsQueue: props.failedRunsQueue,
    };
    this.alarms = addStageAlarms(this, { ...shared, action: new SnsAction(this.topic) });
    this.dashboard = addStageDashboard(this, { ...shared, alarms: this.alarms });
  }

  /**
   * A target that sends an EventBridge rule's events to the alarm topic, for failures that are
   * events rather than metrics (AWS Backup jobs). EventBridge publishes as its service principal,
   * allowed on the topic and its key only for rules named `telehealth-{stage}-*` of this
   * account, as CloudWatch is only for this stage's alarms. (CDK's `SnsTopic` target would allow
   * every rule of every account.) The rule must be named with that prefix.
   */
  eventTarget(): events.IRuleTarget {
    if (!this.eventsAllowed) {
      this.eventsAllowed = true;
      const eventBridge = new iam.ServicePrincipal('events.amazonaws.com');
      const fromOwnRules = {
        StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        ArnLike: {
          'aws:SourceArn': `arn:${Aws.PARTITION}:events:${Aws.REGION}:${Aws.ACCOUNT_ID}:rule/${this.prefix}-*`,
        },
      };
      this.key.addToResourcePolicy(
        new iam.PolicyStatement({
          principals: [eventBridge],
          actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          resources: ['*'],
          conditions: fromOwnRules,
        }),
      );
      this.topic.addToResourcePolicy(
        new iam.PolicyStatement({
          principals: [eventBridge],
          actions: ['sns:Publish'],
          resources: [this.topic.topicArn],
          conditions: fromOwnRules,
        }),
      );
    }
    const topic = this.topic;
    return { bind: () => ({ arn: topic.topicArn }) };
  }
}
