import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureOpenFileLimit } from './fd-limit';
import type { WaitingPatient, WaitingRoomJob } from './jobs';
import { inLoadProcess } from './load-process';
import { ms, watchEventLoop } from './stats';
import { SPEC_INTERVAL_MS, WAITING_MIX, WAITING_RUN } from './waiting-room';
import { splitByShare } from './open-loop';

/**
 * The floor under the past-capacity figure (docs/performance.md, "Refusals past capacity"): the
 * bench's own waiting-room load (same load process, patients, spec rates, open loop, pooled
 * connections, latency from when each poll was due) against a server that does nothing but
 * answer every request with a ready-made 503 + `Retry-After`, in a Node process of its own like
 * the gateway. What this run's refusals take is what the load, Node's HTTP server and the
 * kernel cost on this machine; no admission setting of the gateway can beat it.
 *
 * `npx tsx scripts/bench/refusal-floor.ts` (under `flock /tmp/bench.lock`, in its own network
 * namespace like the bench); `BENCH_PATIENTS=…` sets the patients (10,000).
 */
const patients = Number(process.env.BENCH_PATIENTS ?? 10_000);
ensureOpenFileLimit(4_096);

const body = Buffer.from(JSON.stringify({ message: 'busy' }));
const server = createServer((req, res) => {
  res.writeHead(503, {
    'content-type': 'application/json',
    'content-length': body.length,
    'retry-after': '5',
  });
  res.end(body);
  req.resume();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const waiting: WaitingPatient[] = splitByShare(patients, WAITING_MIX).flatMap(({ page, count }) =>
  Array.from({ length: count }, () => ({
    page,
    caseId: randomUUID(),
    patientId: randomUUID(),
    patientKey: randomBytes(32).toString('base64url'),
  })),
);
const stopWatching = watchEventLoop();
const figures = await inLoadProcess<WaitingRoomJob>({
  kind: 'waiting-room',
  appUrl: `http://localhost:${port}`,
  patients: waiting,
  intervalMs: SPEC_INTERVAL_MS,
  push: false,
  ...WAITING_RUN.withoutPush,
  timeoutMs: WAITING_RUN.timeoutMs,
});
const serverLoop = stopWatching();
server.closeAllConnections();
server.close();

const polls = figures.polls!;
console.log(
  `Refusal floor, ${patients.toLocaleString('en-US')} patients without push (a server that only answers 503):\n` +
    `- ${polls.sent} polls, ${polls.refused} × 503 (${polls.refusedWithRetryAfter} with Retry-After), ` +
    `${polls.errors} errors, ${polls.timeouts} timeouts\n` +
    `- refusals p50 ${ms(polls.refusalLatency.p50Ms)}, p95 ${ms(polls.refusalLatency.p95Ms)}, ` +
    `p99 ${ms(polls.refusalLatency.p99Ms)}; waiting for a connection p99 ` +
    `${ms(polls.refusalConnectionWait.p99Ms)}; send lag p99 ${ms(polls.sendLag.p99Ms)}\n` +
    `- the server's event loop ran ${serverLoop}`,
);
