import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Job, ResultOf } from './jobs';

const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/**
 * Runs one job in a fresh Node process (TypeScript through tsx, as `npm run bench` itself), so
 * the load and the gateway it measures never share an event loop; they still share this
 * machine's cores, as any local load test does.
 */
export function inLoadProcess<J extends Job>(job: J): Promise<ResultOf<J>> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (message: { ok: boolean; result?: unknown; error?: string }) => {
      answered = true;
      if (message.ok) resolve(message.result as ResultOf<J>);
      else reject(new Error(`load process (${job.kind}): ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load process (${job.kind}) exited with ${code}`));
    });
    child.send(job);
  });
}
