/**
 * The CloudWatch dashboard of a stage (`telehealth-{stage}`): every alarm's state, then graphs of
 * the metrics the alarms watch (alarms.ts) and a few beside them that explain an alarm (latency,
 * concurrency, invocations). Its scope is the Monitoring construct (`monitoring.ts`).
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { metricPeriod, webSocketMetric, type MonitoredResources } from './monitoring-metrics';

export interface StageDashboardProps extends MonitoredResources {
  /** `telehealth-{stage}`: the dashboard's name. */
  readonly prefix: string;
  /** The stage's alarms, shown in the order given. */
  readonly alarms: readonly cloudwatch.IAlarm[];
}

export function addStageDashboard(
  scope: Construct,
  props: StageDashboardProps,
): cloudwatch.Dashboard {
  const period = metricPeriod;
  const graph = (title: string, left: cloudwatch.IMetric[], width = 12) =>
    new cloudwatch.GraphWidget({ title, left, width, height: 6, period });
  const http = props.httpApi.api;
  const labelled = (metric: cloudwatch.Metric, label: string) => metric.with({ label });
  const dashboard = new cloudwatch.Dashboard(scope, 'Dashboard', {
    dashboardName: props.prefix,
    defaultInterval: Duration.hours(3),
  });
  dashboard.addWidgets(
    new cloudwatch.AlarmStatusWidget({
      title: 'Alarms',
      alarms: [...props.alarms],
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
      props.functions.map(({ handler, fn }) => fn.metricErrors({ period, label: handler })),
    ),
    graph(
      'Lambda p99 duration (ms)',
      props.functions.map(({ handler, fn }) =>
        fn.metricDuration({ period, statistic: cloudwatch.Stats.p(99), label: handler }),
      ),
    ),
  );
  const ws = (name: string) => labelled(webSocketMetric(props.webSocketApi, name), name);
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
      labelled(props.webhookMetrics.failed, '5xx'),
      labelled(props.webhookMetrics.rejected, 'refused (signature)'),
      labelled(props.webhook.metricInvocations({ period }), 'invocations'),
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
