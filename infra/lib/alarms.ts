/**
 * The alarms of a stage (issue 11 item 4): what each watches, its threshold, and the alarm every
 * one of them is (named `telehealth-{stage}-{name}`, notifying on ALARM and OK, missing data
 * fine). The Monitoring construct (`monitoring.ts`) owns the topic they notify and is their
 * scope, so their logical ids are the construct's children's.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { tableDefinition } from '#db/table-definition';
import type { HttpApi } from './http-api';
import {
  metricPeriod,
  webSocketMetric,
  type MonitoredResources,
  type NamedFunction,
  type WebhookMetrics,
} from './monitoring-metrics';
import type { WebSocketApi } from './websocket-api';

/**
 * Every threshold of the stage's alarms, in one place so that the tests and
 * docs/deployment.md ("Alarms") read the same numbers.
 */
export const alarmThresholds = {
  /** Minutes per evaluation period of every alarm. */
  periodMinutes: metricPeriod.toMinutes(),
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

export interface StageAlarmsProps extends MonitoredResources {
  /** `telehealth-{stage}`: every alarm's name starts with it. */
  readonly prefix: string;
  /** The stage's topic, notified on ALARM and on OK. */
  readonly action: cloudwatch.IAlarmAction;
}

interface AlarmOptions {
  name: string;
  description: string;
  metric: cloudwatch.IMetric;
  threshold: number;
}

/** Adds one alarm of the stage; the alarms of a stage are made through one of these. */
type AddAlarm = (id: string, options: AlarmOptions) => void;

/**
 * Creates the stage's alarms in `scope`, in a fixed order (the dashboard lists them in it), and
 * answers them. ~45 functions would need ~90 per-function alarms (a fifth of CloudFormation's
 * 500-resource limit), so the per-function alarms use metric math over batches of at most 10
 * functions (CloudWatch's limit per alarm); the alarm's description and the dashboard name each
 * function.
 */
export function addStageAlarms(scope: Construct, props: StageAlarmsProps): cloudwatch.Alarm[] {
  const alarms: cloudwatch.Alarm[] = [];
  const add: AddAlarm = (id, options) => {
    const alarm = new cloudwatch.Alarm(scope, id, {
      alarmName: `${props.prefix}-${options.name}`,
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(props.action);
    alarm.addOkAction(props.action);
    alarms.push(alarm);
  };

  httpApiAlarm(add, props.httpApi);
  lambdaAlarms(add, props.functions);
  throttleAlarms(add, props.table, props.webSocketApi);
  webSocketAlarm(add, props.webSocketApi);
  deadLetterAlarm(add, 'SchedulerDeadLetters', {
    name: 'scheduler-dlq',
    queue: props.schedulerDeadLetterQueue,
    what:
      'EventBridge Scheduler could not deliver a schedule (meeting end, claim release, case ' +
      'expiry) to its function after every retry',
  });
  deadLetterAlarm(add, 'FailedScheduledRuns', {
    name: 'target-dlq',
    queue: props.failedRunsQueue,
    what:
      'A scheduled run (meeting end, claim release, case expiry and refund) threw on every ' +
      'attempt; replay it with `npm run dead-letters -- --stage <stage> --replay` once the ' +
      'cause is fixed (docs/deployment.md, "Failed scheduled runs")',
  });
  webhookAlarms(add, props.webhook, props.webhookMetrics);
  return alarms;
}

/** `items` in consecutive groups of at most `size`. */
function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** The first visible message in a dead-letter queue: each one is a run that did not happen. */
function deadLetterAlarm(
  add: AddAlarm,
  id: string,
  options: { name: string; queue: sqs.IQueue; what: string },
): void {
  add(id, {
    name: options.name,
    description: `${options.what}: it is in ${options.queue.queueName}.`,
    metric: options.queue.metricApproximateNumberOfMessagesVisible({
      statistic: cloudwatch.Stats.MAXIMUM,
      period: metricPeriod,
    }),
    threshold: alarmThresholds.deadLetters,
  });
}

/** 5xx as a share of requests, only once a period has enough requests to mean something. */
function httpApiAlarm(add: AddAlarm, httpApi: HttpApi): void {
  const { http5xxMinRequests, http5xxPercent } = alarmThresholds;
  add('Http5xxRate', {
    name: 'http-5xx-rate',
    description:
      `More than ${http5xxPercent}% of HTTP API requests answered 5xx (500: a bug, 503: a ` +
      'dependency failed; the function logs say which).',
    metric: new cloudwatch.MathExpression({
      expression: `IF(requests >= ${http5xxMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: {
        requests: httpApi.api.metricCount({
          period: metricPeriod,
          statistic: cloudwatch.Stats.SUM,
        }),
        errors: httpApi.api.metricServerError({ period: metricPeriod }),
      },
      label: 'HTTP API 5xx %',
      period: metricPeriod,
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
function lambdaAlarms(add: AddAlarm, functions: readonly NamedFunction[]): void {
  chunk(functions, maxMetricsPerAlarm).forEach((batch, index) => {
    add(`LambdaErrors${index + 1}`, {
      name: `lambda-errors-${index + 1}`,
      description: `Lambda invocation errors in: ${batch.map((f) => f.handler).join(', ')}.`,
      metric: new cloudwatch.MathExpression({
        expression: `SUM([${batch.map((_, i) => `f${i}`).join(', ')}])`,
        usingMetrics: Object.fromEntries(
          batch.map(({ fn }, i) => [`f${i}`, fn.metricErrors({ period: metricPeriod })]),
        ),
        label: `Lambda errors (batch ${index + 1})`,
        period: metricPeriod,
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
      add(`LambdaDuration${batchNumber}`, {
        name: `lambda-p99-duration-${batchNumber}`,
        description:
          `p99 duration above ${thresholdMs} ms (${alarmThresholds.durationShareOfTimeout * 100}% ` +
          `of the ${timeoutMs / 1000} s timeout) in: ${batch.map((f) => f.handler).join(', ')}.`,
        metric: new cloudwatch.MathExpression({
          expression: `MAX([${batch.map((_, i) => `d${i}`).join(', ')}])`,
          usingMetrics: Object.fromEntries(
            batch.map(({ fn }, i) => [
              `d${i}`,
              fn.metricDuration({ statistic: cloudwatch.Stats.p(99), period: metricPeriod }),
            ]),
          ),
          label: `Lambda p99 duration (batch ${batchNumber})`,
          period: metricPeriod,
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
function throttleAlarms(add: AddAlarm, table: dynamodb.ITable, webSocketApi: WebSocketApi): void {
  add('LambdaThrottles', {
    name: 'lambda-throttles',
    description:
      'Lambda throttled invocations in this account and region: concurrency is exhausted ' +
      '(raise the account quota, docs/capacity.md).',
    metric: lambda.Function.metricAllThrottles({
      period: metricPeriod,
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
          period: metricPeriod,
        }),
      ]),
    );
    add(`DynamoDb${kind}Throttles`, {
      name: `dynamodb-${kind.toLowerCase()}-throttles`,
      description:
        `DynamoDB throttled ${kind.toLowerCase()}s on the table or an index (a hot ` +
        'partition, or the on-demand table outgrew its previous peak too fast).',
      metric: new cloudwatch.MathExpression({
        expression: `SUM([${Object.keys(throttleMetrics).join(', ')}])`,
        usingMetrics: throttleMetrics,
        label: `DynamoDB ${kind.toLowerCase()} throttle events`,
        period: metricPeriod,
      }),
      threshold: alarmThresholds.dynamoDbThrottles,
    });
  }
  add('WebSocketClientErrors', {
    name: 'websocket-client-errors',
    description:
      'API Gateway refused WebSocket requests before a handler ran (throttled or too ' +
      'large): live alerts and room signalling are being dropped.',
    metric: webSocketMetric(webSocketApi, 'ClientError'),
    threshold: alarmThresholds.webSocketClientErrors,
  });
}

/**
 * `ExecutionError`: the WebSocket handler could not be invoked or failed. `IntegrationError`
 * (any 4xx/5xx from a handler) also counts the `$connect` refusals of expired room links and
 * signed-out providers, so it is on the dashboard only.
 */
function webSocketAlarm(add: AddAlarm, webSocketApi: WebSocketApi): void {
  add('WebSocketExecutionErrors', {
    name: 'websocket-execution-errors',
    description:
      'WebSocket handlers failed or could not be invoked (connect, disconnect, signalling).',
    metric: webSocketMetric(webSocketApi, 'ExecutionError'),
    threshold: alarmThresholds.webSocketExecutionErrors,
  });
}

/** The Stripe webhook: failures (its 5xx lines and its function's errors), and rejections. */
function webhookAlarms(add: AddAlarm, webhook: lambda.Function, metrics: WebhookMetrics): void {
  add('WebhookFailures', {
    name: 'stripe-webhook-failures',
    description:
      'The Stripe webhook answered 5xx or its function failed: payments are not being ' +
      'settled until it recovers (Stripe retries for 3 days).',
    metric: new cloudwatch.MathExpression({
      expression: 'FILL(failed, 0) + FILL(errors, 0)',
      usingMetrics: {
        failed: metrics.failed,
        errors: webhook.metricErrors({ period: metricPeriod }),
      },
      label: 'Stripe webhook 5xx + function errors',
      period: metricPeriod,
    }),
    threshold: alarmThresholds.webhookFailures,
  });
  add('WebhookRejections', {
    name: 'stripe-webhook-rejections',
    description:
      'The Stripe webhook refused requests (400: bad or missing signature). After a deploy ' +
      'or a key roll this usually means STRIPE_WEBHOOK_SECRET does not match the endpoint.',
    metric: metrics.rejected,
    threshold: alarmThresholds.webhookRejections,
  });
}
