import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SQSClient } from '@aws-sdk/client-sqs';
import { scheduledTargets } from '#routes';
import { failedRunsQueueName } from '../functions/src/scheduled-runs';
import { localResources } from '#local/config';
import { lambdaInvoker } from './dead-letters/lambda-invoker';
import { processFailedRuns, summary, type FailedRunsReport } from './dead-letters/replay';
import { openFailedRunsQueue } from './dead-letters/sqs-queue';

/**
 * `npm run dead-letters -- --stage prod [--replay]` lists (or replays) the scheduled runs that
 * failed every attempt and wait in `telehealth-{stage}-target-dlq`, with the caller's AWS
 * credentials and region (docs/deployment.md, "Failed scheduled runs").
 * `npm run dead-letters -- --local http://localhost:3000 [--replay]` does the same against a
 * running local stack, whose gateway serves the same SQS and Lambda calls
 * (docs/local-development.md).
 */

const usage =
  'Usage: npm run dead-letters -- (--stage <stage> | --local <app url>) [--replay]\n' +
  '  without --replay the failed runs are listed and left in the queue';

export interface DeadLettersTarget {
  sqs: SQSClient;
  lambda: LambdaClient;
  queueName: string;
  functionNames: ReadonlySet<string>;
}

/** A deployed stage: its queue and its scheduled targets' function names. */
async function stageTarget(stage: string): Promise<DeadLettersTarget> {
  // Loaded only here: it brings the CDK library, which the local mode does not need.
  const { handlerFunctionName } = await import('../infra/lib/handler-functions');
  return {
    sqs: new SQSClient({}),
    lambda: new LambdaClient({}),
    queueName: failedRunsQueueName(stage),
    functionNames: new Set(
      Object.values(scheduledTargets).map((handler) => handlerFunctionName(stage, handler)),
    ),
  };
}

/** A local stack at `appUrl`: its gateway answers the SQS and Lambda calls (local credentials). */
export function localTarget(appUrl: string): DeadLettersTarget {
  const client = {
    endpoint: appUrl,
    region: localResources.region,
    credentials: {
      accessKeyId: localResources.accessKeyId,
      secretAccessKey: localResources.secretAccessKey,
    },
  };
  return {
    sqs: new SQSClient(client),
    lambda: new LambdaClient(client),
    queueName: localResources.failedRunsQueue,
    functionNames: new Set(Object.keys(scheduledTargets)),
  };
}

/** Lists or replays the failed runs of `target`, printing a line per run and a summary. */
export async function deadLetters(
  target: DeadLettersTarget,
  replay: boolean,
  print: (line: string) => void = console.log,
): Promise<FailedRunsReport> {
  const report = await processFailedRuns({
    queue: await openFailedRunsQueue(target.sqs, target.queueName),
    invoke: lambdaInvoker(target.lambda),
    replay,
    functionNames: target.functionNames,
    print,
  });
  print(summary(report, replay));
  return report;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      local: { type: 'string' },
      replay: { type: 'boolean', default: false },
    },
  });
  if (Boolean(values.stage) === Boolean(values.local)) {
    console.error(usage);
    process.exit(2);
  }
  const target = values.local ? localTarget(values.local) : await stageTarget(values.stage!);
  const report = await deadLetters(target, values.replay);
  // A run that failed again must not look like success to a script or a runbook.
  if (report.failed > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(
      `Could not read the failed-runs queue: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
