/**
 * What the alarms (`alarms.ts`) and the dashboard (`dashboard.ts`) of a stage both read: the
 * period, the metrics they share and the functions they name. Shared so that a graph shows the
 * very metric its alarm watches.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { HttpApi } from './http-api';
import type { WebSocketApi } from './websocket-api';

/** Every alarm's evaluation period and every graph's period. */
export const metricPeriod = Duration.minutes(5);

/** The custom metrics of the stage (from log metric filters). */
export function metricsNamespace(stage: string): string {
  return `Telehealth/${stage}`;
}

/** A function of the route manifest with the handler it runs, which alarms and graphs name. */
export interface NamedFunction {
  readonly handler: string;
  readonly fn: lambda.Function;
}

/** A metric of the stage's WebSocket API (`ClientError`, `ExecutionError`, `ConnectCount`…). */
export function webSocketMetric(webSocketApi: WebSocketApi, metricName: string): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiId: webSocketApi.api.apiId, Stage: webSocketApi.stage.stageName },
    statistic: cloudwatch.Stats.SUM,
    period: metricPeriod,
  });
}

export interface WebhookMetrics {
  readonly failed: cloudwatch.Metric;
  readonly rejected: cloudwatch.Metric;
}

/**
 * Counts of the webhook's own log lines (functions/src/lib/http/middleware/error-envelope.ts):
 * `request failed` (500) and `dependency failed` (503) are failures, `request refused` is a
 * 4xx, for the webhook almost always a signature that did not verify. Lines carry no payload.
 * The metric filters are created in `scope` (the Monitoring construct).
 */
export function webhookMetrics(
  scope: Construct,
  stage: string,
  webhook: lambda.Function,
): WebhookMetrics {
  const message = (text: string) => logs.FilterPattern.stringValue('$.message', '=', text);
  const filter = (id: string, metricName: string, pattern: logs.IFilterPattern) =>
    new logs.MetricFilter(scope, id, {
      logGroup: webhook.logGroup,
      metricNamespace: metricsNamespace(stage),
      metricName,
      filterPattern: pattern,
      metricValue: '1',
    }).metric({ statistic: cloudwatch.Stats.SUM, period: metricPeriod });
  return {
    failed: filter(
      'WebhookFailedFilter',
      'StripeWebhookFailed',
      logs.FilterPattern.any(message('request failed'), message('dependency failed')),
    ),
    rejected: filter('WebhookRejectedFilter', 'StripeWebhookRejected', message('request refused')),
  };
}

/** What the alarms and the dashboard both watch. */
export interface MonitoredResources {
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly table: dynamodb.ITable;
  /** Every function of the route manifest. */
  readonly functions: readonly NamedFunction[];
  readonly webhook: lambda.Function;
  readonly webhookMetrics: WebhookMetrics;
  readonly schedulerDeadLetterQueue: sqs.IQueue;
  readonly failedRunsQueue: sqs.IQueue;
}
