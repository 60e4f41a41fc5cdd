import { Aws, Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableDefinition } from '../../functions/src/db/table-definition';
import { stripeWebhook } from '../../functions/src/routes';
import { manifestHandlers, type HandlerFunctions } from './handler-functions';
import type { HttpApi } from './http-api';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';
import type { WebSocketApi } from './websocket-api';

/**
 * Every threshold of the stage's alarms, in one place so that the tests and
 * docs/deployment.md ("Alarms") read the same numbers.
 */
export const alarmThresholds = {
  /** Minutes per evaluation period of every alarm. */
  periodMinutes: 5,
  /** HTTP API: alarm when more than this percentage of requests answer 5xx… */
  http5xxPercent: 5,
  /** …in a period with at least this many requests (three failures of five are noise). */
  http5xxMinRequests: 20,
  /** Lambda invocation errors (crash, timeout, out of memory) per function batch. */
  lambdaErrors: 1,
  /** p99 duration as a share of the function's own timeout. */
  durationShareOfTimeout: 0.8,
  /** Account-wide Lambda throttles (no reserved concurrency: the pool is shared). */
  lambdaThrottles: 1,
  /** DynamoDB read + write throttle events on the table and its indexes. */
  dynamoDbThrottles: 1,
  /** WebSocket requests refused by API Gateway before any handler ran (429, 413). */
  webSocketClientErrors: 50,
  /** WebSocket requests whose handler could not be invoked or failed. */
  webSocketExecutionErrors: 1,
  /** Messages in a dead-letter queue of scheduled runs: any is a missed meeting end or refund. */
  deadLetters: 1,
  /** Stripe webhook answered 5xx (failed or a dependency failed): Stripe will retry. */
  webhookFailures: 1,
  /** Stripe webhook refused (bad signature): a wrong STRIPE_WEBHOOK_SECRET looks like this. */
  webhookRejections: 3,
} as const;

/** CloudWatch alarms on metric math may read at most 10 metrics (a hard limit). */
export const maxMetricsPerAlarm = 10;

/** The custom metrics of the stage (from log metric filters). */
export function metricsNamespace(stage: string): string {
  return `Telehealth/${stage}`;
}

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

interface NamedFunction {
  readonly handler: string;
  readonly fn: lambda.Function;
}

/** `items` in consecutive groups of at most `size`. */
function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/**
 * Alarms and the dashboard of a stage (issue 11 item 4). Every alarm notifies the stage's SNS
 * topic `telehealth-{stage}-alarms` when it fires and when it recovers; `-c alarmEmail=…`
 * subscribes an address. Missing data never alarms: no traffic is not an incident, and every
 * alarm watches a failure count or ratio, never a heartbeat.
 *
 * ~45 functions would need ~90 per-function alarms (a fifth of CloudFormation's 500-resource
 * limit), so the per-function alarms use metric math over batches of at most 10 functions
 * (CloudWatch's limit per alarm); the alarm's description and the dashboard name each function.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly prefix: string;
  private readonly period = Duration.minutes(alarmThresholds.periodMinutes);
  private readonly action: SnsAction;
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
    this.action = new SnsAction(this.topic);

    const functions: NamedFunction[] = manifestHandlers().map((handler) => ({
      handler,
      fn: props.functions.forHandler(handler),
    }));
    const webhook = props.functions.forHandler(stripeWebhook.handler);
    const webhookMetrics = this.webhookMetrics(props.config.stage, webhook);

    this.httpApiAlarm(props.httpApi);
    this.lambdaAlarms(functions);
    this.throttleAlarms(props.table, props.webSocketApi);
    this.webSocketAlarm(props.webSocketApi);
    this.deadLetterAlarm('SchedulerDeadLetters', {
      name: 'scheduler-dlq',
      queue: props.schedulerDeadLetterQueue,
      what:
        'EventBridge Scheduler could not deliver a schedule (meeting end, claim release, case ' +
        'expiry) to its function after every retry',
    });
    this.deadLetterAlarm('FailedScheduledRuns', {
      name: 'target-dlq',
      queue: props.failedRunsQueue,
      what:
        'A scheduled run (meeting end, claim release, case expiry and refund) threw on every ' +
        'attempt; replay it with `npm run dead-letters -- --stage <stage> --replay` once the ' +
        'cause is fixed (docs/deployment.md, "Failed scheduled runs")',
    });
    this.alarm('WebhookFailures', {
      name: 'stripe-webhook-failures',
      description:
        'The Stripe webhook answered 5xx or its function failed: payments are not being ' +
        'settled until it recovers (Stripe retries for 3 days).',
      metric: new cloudwatch.MathExpression({
        expression: 'FILL(failed, 0) + FILL(errors, 0)',
        usingMetrics: {
          failed: webhookMetrics.failed,
          errors: webhook.metricErrors({ period: this.period }),
        },
        label: 'Stripe webhook 5xx + function errors',
        period: this.period,
      }),
      threshold: alarmThresholds.webhookFailures,
    });
    this.alarm('WebhookRejections', {
      name: 'stripe-webhook-rejections',
      description:
        'The Stripe webhook refused requests (400: bad or missing signature). After a deploy ' +
        'or a key roll this usually means STRIPE_WEBHOOK_SECRET does not match the endpoint.',
      metric: webhookMetrics.rejected,
      threshold: alarmThresholds.webhookRejections,
    });

    this.dashboard = this.createDashboard(props, functions, webhookMetrics);
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

  /**
   * An alarm named `telehealth-{stage}-{name}` that notifies the topic on ALARM and OK, with
   * missing data treated as fine.
   */
  private alarm(
    id: string,
    options: { name: string; description: string; metric: cloudwatch.IMetric; threshold: number },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${this.prefix}-${options.name}`,
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }

  /** The first visible message in a dead-letter queue: each one is a run that did not happen. */
  private deadLetterAlarm(
    id: string,
    options: { name: string; queue: sqs.IQueue; what: string },
  ): void {
    this.alarm(id, {
      name: options.name,
      description: `${options.what}: it is in ${options.queue.queueName}.`,
      metric: options.queue.metricApproximateNumberOfMessagesVisible({
        statistic: cloudwatch.Stats.MAXIMUM,
        period: this.period,
      }),
      threshold: alarmThresholds.deadLetters,
    });
  }

  /** 5xx as a share of requests, only once a period has enough requests to mean something. */
  private httpApiAlarm(httpApi: HttpApi): void {
    const { http5xxMinRequests, http5xxPercent } = alarmThresholds;
    this.alarm('Http5xxRate', {
      name: 'http-5xx-rate',
      description:
        `More than ${http5xxPercent}% of HTTP API requests answered 5xx (500: a bug, 503: a ` +
        'dependency failed; the function logs say which).',
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${http5xxMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: {
          requests: httpApi.api.metricCount({
            period: this.period,
            statistic: cloudwatch.Stats.SUM,
          }),
          errors: httpApi.api.metricServerError({ period: this.period }),
        },
        label: 'HTTP API 5xx %',
        period: this.period,
      }),
      threshold: http5xxPercent,
    });
  }

  /**
   * Lambda `Errors` (the invocation itself failed: an exception a handler did not turn into a
   * response, a timeout, out of memory; a handled 500 is in the 5xx rate) and p99 `Duration`
   * against each function's timeout, by batches of at most 10 functions. Functions are grouped
   * by timeout first, so one threshold in milliseconds is right for every function of a batch.
   */
  private lambdaAlarms(functions: NamedFunction[]): void {
    chunk(functions, maxMetricsPerAlarm).forEach((batch, index) => {
      this.alarm(`LambdaErrors${index + 1}`, {
        name: `lambda-errors-${index + 1}`,
        description: `Lambda invocation errors in: ${batch.map((f) => f.handler).join(', ')}.`,
        metric: new cloudwatch.MathExpression({
          expression: `SUM([${batch.map((_, i) => `f${i}`).join(', ')}])`,
          usingMetrics: Object.fromEntries(
            batch.map(({ fn }, i) => [`f${i}`, fn.metricErrors({ period: this.period })]),
          ),
          label: `Lambda errors (batch ${index + 1})`,
          period: this.period,
        }),
        threshold: alarmThresholds.lambdaErrors,
      });
    });

    const byTimeout = new Map<number, NamedFunction[]>();
    for (const f of functions) {
      const timeoutMs = (f.fn.timeout ?? Duration.seconds(3)).toMilliseconds();
      byTimeout.set(timeoutMs, [...(byTimeout.get(timeoutMs) ?? []), f]);
    }
    let batchNumber = 0;
    for (const [timeoutMs, group] of [...byTimeout].sort(([a], [b]) => a - b)) {
      for (const batch of chunk(group, maxMetricsPerAlarm)) {
        batchNumber += 1;
        const thresholdMs = Math.round(timeoutMs * alarmThresholds.durationShareOfTimeout);
        this.alarm(`LambdaDuration${batchNumber}`, {
          name: `lambda-p99-duration-${batchNumber}`,
          description:
            `p99 duration above ${thresholdMs} ms (${alarmThresholds.durationShareOfTimeout * 100}% ` +
            `of the ${timeoutMs / 1000} s timeout) in: ${batch.map((f) => f.handler).join(', ')}.`,
          metric: new cloudwatch.MathExpression({
            expression: `MAX([${batch.map((_, i) => `d${i}`).join(', ')}])`,
            usingMetrics: Object.fromEntries(
              batch.map(({ fn }, i) => [
                `d${i}`,
                fn.metricDuration({ statistic: cloudwatch.Stats.p(99), period: this.period }),
              ]),
            ),
            label: `Lambda p99 duration (batch ${batchNumber})`,
            period: this.period,
          }),
          threshold: thresholdMs,
        });
      }
    }
  }

  /**
   * Throttling, where it can be seen. The HTTP API has no throttle metric (its 429s are part of
   * `4xx`, mostly ordinary refusals), so: Lambda throttles account-wide (the functions have no
   * reserved concurrency, so they throttle exactly when the account's pool is exhausted),
   * DynamoDB throttle events on the table and its indexes, and WebSocket `ClientError` (refused
   * by API Gateway before a handler ran: throttling, or a message over the size limit).
   */
  private throttleAlarms(table: dynamodb.ITable, webSocketApi: WebSocketApi): void {
    this.alarm('LambdaThrottles', {
      name: 'lambda-throttles',
      description:
        'Lambda throttled invocations in this account and region: concurrency is exhausted ' +
        '(raise the account quota, docs/capacity.md).',
      metric: lambda.Function.metricAllThrottles({
        period: this.period,
        statistic: cloudwatch.Stats.SUM,
      }),
      threshold: alarmThresholds.lambdaThrottles,
    });
    // One alarm per kind: CloudWatch takes at most 10 metrics in an alarm's expression, and the
    // table with its five indexes has 12 (issue 29 added the small `queue` index).
    const targets = [
      undefined,
      ...tableDefinition.globalSecondaryIndexes.map((index) => index.indexName),
    ];
    for (const kind of ['Read', 'Write'] as const) {
      const throttleMetrics = Object.fromEntries(
        targets.map((indexName, i) => [
          `t${i}`,
          new cloudwatch.Metric({
            namespace: 'AWS/DynamoDB',
            metricName: `${kind}ThrottleEvents`,
            dimensionsMap: {
              TableName: table.tableName,
              ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
            },
            statistic: cloudwatch.Stats.SUM,
            period: this.period,
          }),
        ]),
      );
      this.alarm(`DynamoDb${kind}Throttles`, {
        name: `dynamodb-${kind.toLowerCase()}-throttles`,
        description:
          `DynamoDB throttled ${kind.toLowerCase()}s on the table or an index (a hot ` +
          'partition, or the on-demand table outgrew its previous peak too fast).',
        metric: new cloudwatch.MathExpression({
          expression: `SUM([${Object.keys(throttleMetrics).join(', ')}])`,
          usingMetrics: throttleMetrics,
          label: `DynamoDB ${kind.toLowerCase()} throttle events`,
          period: this.period,
        }),
        threshold: alarmThresholds.dynamoDbThrottles,
      });
    }
    this.alarm('WebSocketClientErrors', {
      name: 'websocket-client-errors',
      description:
        'API Gateway refused WebSocket requests before a handler ran (throttled or too ' +
        'large): live alerts and room signalling are being dropped.',
      metric: this.webSocketMetric(webSocketApi, 'ClientError'),
      threshold: alarmThresholds.webSocketClientErrors,
    });
  }

  /**
   * `ExecutionError`: the WebSocket handler could not be invoked or failed. `IntegrationError`
   * (any 4xx/5xx from a handler) also counts the `$connect` refusals of expired room links and
   * signed-out providers, so it is on the dashboard only.
   */
  private webSocketAlarm(webSocketApi: WebSocketApi): void {
    this.alarm('WebSocketExecutionErrors', {
      name: 'websocket-execution-errors',
      description:
        'WebSocket handlers failed or could not be invoked (connect, disconnect, signalling).',
      metric: this.webSocketMetric(webSocketApi, 'ExecutionError'),
      threshold: alarmThresholds.webSocketExecutionErrors,
    });
  }

  private webSocketMetric(webSocketApi: WebSocketApi, metricName: string): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: webSocketApi.api.apiId, Stage: webSocketApi.stage.stageName },
      statistic: cloudwatch.Stats.SUM,
      period: this.period,
    });
  }

  /**
   * Counts of the webhook's own log lines (functions/src/lib/http/middleware/error-envelope.ts):
   * `request failed` (500) and `dependency failed` (503) are failures, `request refused` is a
   * 4xx, for the webhook almost always a signature that did not verify. Lines carry no payload.
   */
  private webhookMetrics(
    stage: string,
    webhook: lambda.Function,
  ): { failed: cloudwatch.Metric; rejected: cloudwatch.Metric } {
    const message = (text: string) => logs.FilterPattern.stringValue('$.message', '=', text);
    const filter = (id: string, metricName: string, pattern: logs.IFilterPattern) =>
      new logs.MetricFilter(this, id, {
        logGroup: webhook.logGroup,
        metricNamespace: metricsNamespace(stage),
        metricName,
        filterPattern: pattern,
        metricValue: '1',
      }).metric({ statistic: cloudwatch.Stats.SUM, period: this.period });
    return {
      failed: filter(
        'WebhookFailedFilter',
        'StripeWebhookFailed',
        logs.FilterPattern.any(message('request failed'), message('dependency failed')),
      ),
      rejected: filter(
        'WebhookRejectedFilter',
        'StripeWebhookRejected',
        message('request refused'),
      ),
    };
  }

  private createDashboard(
    props: MonitoringProps,
    functions: NamedFunction[],
    webhookMetrics: { failed: cloudwatch.Metric; rejected: cloudwatch.Metric },
  ): cloudwatch.Dashboard {
    const period = this.period;
    const graph = (title: string, left: cloudwatch.IMetric[], width = 12) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6, period });
    const http = props.httpApi.api;
    const labelled = (metric: cloudwatch.Metric, label: string) => metric.with({ label });
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: this.prefix,
      defaultInterval: Duration.hours(3),
    });
    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.alarms,
        width: 24,
        height: 4,
      }),
    );
    dashboard.addWidgets(
      graph('HTTP API requests', [
        labelled(http.metricCount({ period }), 'requests'),
        labelled(http.metricClientError({ period }), '4xx'),
        labelled(http.metricServerError({ period }), '5xx'),
      ]),
      graph('HTTP API latency p99 (ms)', [
        labelled(http.metricLatency({ period, statistic: cloudwatch.Stats.p(99) }), 'latency'),
        labelled(
          http.metricIntegrationLatency({ period, statistic: cloudwatch.Stats.p(99) }),
          'integration',
        ),
      ]),
    );
    dashboard.addWidgets(
      graph(
        'Lambda errors',
        functions.map(({ handler, fn }) => fn.metricErrors({ period, label: handler })),
      ),
      graph(
        'Lambda p99 duration (ms)',
        functions.map(({ handler, fn }) =>
          fn.metricDuration({ period, statistic: cloudwatch.Stats.p(99), label: handler }),
        ),
      ),
    );
    const ws = (name: string) => labelled(this.webSocketMetric(props.webSocketApi, name), name);
    dashboard.addWidgets(
      graph('WebSocket', [
        ws('ConnectCount'),
        ws('MessageCount'),
        ws('ClientError'),
        ws('ExecutionError'),
        ws('IntegrationError'),
      ]),
      graph('Throttles and concurrency', [
        labelled(lambda.Function.metricAllThrottles({ period }), 'Lambda throttles'),
        labelled(
          lambda.Function.metricAllConcurrentExecutions({
            period,
            statistic: cloudwatch.Stats.MAXIMUM,
          }),
          'Lambda concurrency (max)',
        ),
        ...['ReadThrottleEvents', 'WriteThrottleEvents'].map((metricName) =>
          new cloudwatch.Metric({
            namespace: 'AWS/DynamoDB',
            metricName,
            dimensionsMap: { TableName: props.table.tableName },
            statistic: cloudwatch.Stats.SUM,
            period,
          }).with({ label: `table ${metricName}` }),
        ),
      ]),
    );
    dashboard.addWidgets(
      graph('Stripe webhook', [
        labelled(webhookMetrics.failed, '5xx'),
        labelled(webhookMetrics.rejected, 'refused (signature)'),
        labelled(
          props.functions.forHandler(stripeWebhook.handler).metricInvocations({ period }),
          'invocations',
        ),
      ]),
      graph(
        'Dead-letter queues of scheduled runs (messages visible)',
        (
          [
            [props.schedulerDeadLetterQueue, 'undelivered (Scheduler)'],
            [props.failedRunsQueue, 'failed every attempt (target)'],
          ] as const
        ).map(([queue, label]) =>
          labelled(
            queue.metricApproximateNumberOfMessagesVisible({
              period,
              statistic: cloudwatch.Stats.MAXIMUM,
            }),
            label,
          ),
        ),
      ),
    );
    return dashboard;
  }
}
