import { failedRunRecordSchema, functionNameOf } from '../../functions/src/scheduled-runs';
import type { InvokeRun } from './lambda-invoker';
import type { FailedRunsQueue, QueuedRun } from './sqs-queue';

export interface FailedRunsReport {
  /** Messages found in the queue. */
  found: number;
  /** Run again without error, and deleted. */
  replayed: number;
  /** Run again and failed again: left in the queue. */
  failed: number;
  /** Not run: unreadable, or naming a function that is no scheduled target of the stage. */
  skipped: number;
}

export interface FailedRunsOptions {
  queue: FailedRunsQueue;
  invoke: InvokeRun;
  /** False lists the runs only; true runs each again and deletes it once that succeeded. */
  replay: boolean;
  /** The function names a record may name (the stage's scheduled targets); others are skipped. */
  functionNames: ReadonlySet<string>;
  print: (line: string) => void;
}

/**
 * One pass over the failed-runs queue: every message is received once (the receive hides it),
 * listed, and with `replay` its function is invoked again with the original input
 * (`requestPayload`); a message is deleted only after a run without error. Whatever is left is
 * made visible again at the end, so the next pass (or the alarm) still sees it.
 */
export async function processFailedRuns(options: FailedRunsOptions): Promise<FailedRunsReport> {
  const report: FailedRunsReport = { found: 0, replayed: 0, failed: 0, skipped: 0 };
  const kept: QueuedRun[] = [];
  for (
    let batch = await options.queue.receive();
    batch.length > 0;
    batch = await options.queue.receive()
  ) {
    for (const run of batch) {
      report.found += 1;
      const outcome = await processOne(run, options);
      if (outcome !== 'listed') report[outcome] += 1;
      if (outcome === 'replayed') await options.queue.delete(run);
      else kept.push(run);
    }
  }
  for (const run of kept) await options.queue.release(run);
  return report;
}

async function processOne(
  run: QueuedRun,
  options: FailedRunsOptions,
): Promise<'replayed' | 'failed' | 'skipped' | 'listed'> {
  const record = parseRecord(run.body);
  if (!record) {
    options.print('- unreadable message (not a Lambda invocation record): left in the queue');
    return 'skipped';
  }
  const functionName = functionNameOf(record.requestContext.functionArn);
  const { condition, approximateInvokeCount } = record.requestContext;
  // The inputs are ids only (DESIGN.md §6), so the line may show them.
  options.print(
    `- ${record.timestamp} ${functionName} ${JSON.stringify(record.requestPayload)}: ` +
      `${condition} after ${approximateInvokeCount} attempt(s)${errorOf(record.responsePayload)}`,
  );
  if (!options.replay) return 'listed';
  if (!options.functionNames.has(functionName)) {
    options.print(`  skipped: ${functionName} is not a scheduled target of this stage`);
    return 'skipped';
  }
  const outcome = await options.invoke(functionName, record.requestPayload);
  if (outcome.ok) {
    options.print('  replayed: ran without error, deleted from the queue');
    return 'replayed';
  }
  options.print(`  failed again (${outcome.error}): left in the queue`);
  return 'failed';
}

function parseRecord(body: string) {
  try {
    const parsed = failedRunRecordSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function errorOf(responsePayload: unknown): string {
  const message = (responsePayload as { errorMessage?: unknown } | undefined)?.errorMessage;
  return typeof message === 'string' ? ` (${message})` : '';
}

/** The closing line: what was found and done. */
export function summary(report: FailedRunsReport, replay: boolean): string {
  if (!replay) {
    return `${report.found} failed scheduled run(s) in the queue (listed only; add --replay to run them again).`;
  }
  return (
    `${report.found} failed scheduled run(s): ${report.replayed} replayed, ` +
    `${report.failed} failed again, ${report.skipped} skipped.`
  );
}
