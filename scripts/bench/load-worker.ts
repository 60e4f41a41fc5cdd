import { closedLoop } from './closed-loop';
import { httpRequest, keepAliveAgent } from './http-client';
import type { ClosedLoopJob, Job } from './jobs';
import { measureLighthouse } from './lighthouse';
import { rawDynamoDbSender } from './raw-dynamodb';
import { runWaitingRoom } from './waiting-room-load';

/**
 * The bench's load process (started by load-process.ts, never imported by the stack's process):
 * it receives one job over IPC, runs it and sends the figures back.
 */
const REQUEST_TIMEOUT_MS = 10_000;

function sender({ target, concurrency }: ClosedLoopJob): () => Promise<boolean> {
  if (target.kind !== 'http') return rawDynamoDbSender(target, concurrency);
  const agent = keepAliveAgent(concurrency);
  const url = new URL(target.url);
  return async () => {
    const outcome = await httpRequest(agent, url, {
      headers: target.headers,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    return outcome.status === 200;
  };
}

/** Runs the loops in turn; rounds of the same target and concurrency reuse their connections. */
async function runInTurn(loops: ClosedLoopJob[]) {
  const senders = new Map<string, () => Promise<boolean>>();
  const figures = [];
  for (const loop of loops) {
    const key = JSON.stringify([loop.target, loop.concurrency]);
    const send = senders.get(key) ?? sender(loop);
    senders.set(key, send);
    figures.push(await closedLoop(loop.name, send, loop));
  }
  return figures;
}

function run(job: Job): Promise<unknown> {
  switch (job.kind) {
    case 'closed-loop':
      return closedLoop(job.name, sender(job), job);
    case 'closed-loops':
      return runInTurn(job.loops);
    case 'waiting-room':
      return runWaitingRoom(job);
    case 'lighthouse':
      return measureLighthouse(job.urls, job.runsPerPage);
  }
}

process.once('message', (job: Job) => {
  run(job).then(
    (result) => process.send!({ ok: true, result }, () => process.exit(0)),
    (error: unknown) =>
      process.send!(
        {
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        },
        () => process.exit(1),
      ),
  );
});
