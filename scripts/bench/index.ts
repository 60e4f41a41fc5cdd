import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dynamodbNiceFromEnv } from '#local/dynamodb';
import { admissionLimitsFromEnv } from '#local/gateway/admission';
import { startStack, type RunningStack } from '#local/stack';
import {
  COMPARISON_ROUNDS,
  compareStatusWithRaw,
  measureApplicationStatus,
  type StatusComparison,
} from './api-load';
import { budgets } from './budgets';
import { ensureOpenFileLimit } from './fd-limit';
import { CALL_NETWORK_RUNS, runCallNetworkBench } from './call-network';
import { caseListHeading, caseListTable, measureCaseList } from './case-list';
import { deployedHandlers, synthesizeDeployedStage } from './deployed-handlers';
import { measureHandlers } from './handlers';
import {
  LIGHTHOUSE_RUNS,
  type LighthouseJob,
  type LoadFigures,
  type WaitingRoomFigures,
} from './jobs';
import { inLoadProcess } from './load-process';
import { seedCase, seedWaitingCases, type SeededCase } from './seed';
import {
  fixed2,
  kb,
  ms,
  percentileWithMisses,
  perSecond,
  ratio,
  table,
  watchEventLoop,
} from './stats';
import { atLeast, atMost, holds, notMeasured, Verdict } from './verdict';
import {
  runWaitingRoom,
  specRequestsPerPatientMinute,
  waitingPatients,
  waitUntilQuiet,
  WAITING_RUN,
} from './waiting-room';
import { DEFAULT_DAY_SEED, simulatedDaySection } from './simulated-day';
import { measureWebRoutes } from './web';
import { makePageState, measureBrowserWeights, SCRIPT_QUIET_MS } from './browser-weight';

/**
 * `npm run bench` (after `npm run build`): issue 12's goals, measured honestly. Handler bundles
 * and import times; first-load JS per route; then one local stack (in this process), with every
 * load sent from a separate load process: Lighthouse mobile on three pages, the status API
 * beside raw DynamoDB Local, and the open-loop waiting room with and without push. Prints each
 * figure beside its goal (budgets.ts), every miss with its gap, and exits 1 on any miss.
 * Last, issue 26's calls across the test network of namespaces (call-network.ts; needs root).
 * Issue 28's simulated day (simulated-day.ts) needs no stack and runs after the web figures.
 * While developing, `BENCH_PARTS=api,waiting` runs only some parts (handlers, web, day,
 * browser (each route's JavaScript as Chromium fetches it, on the stack), lighthouse, api,
 * waiting, cases, callnet) and `BENCH_PATIENTS=1000` smaller waiting rooms; the goals
 * left out then read "not measured" and the run fails. Local figures on a shared 2-core machine: compare runs,
 * not clouds.
 */
const PARTS = [
  'handlers',
  'web',
  'day',
  'browser',
  'lighthouse',
  'api',
  'waiting',
  'cases',
  'callnet',
] as const;
const chosenParts = new Set(process.env.BENCH_PARTS?.split(',') ?? PARTS);
const PATIENT_COUNTS = (process.env.BENCH_PATIENTS ?? '1000,10000').split(',').map(Number);
const MAX_PATIENTS = Math.max(...PATIENT_COUNTS);
const daySeed = Number(process.env.BENCH_DAY_SEED ?? DEFAULT_DAY_SEED);
if (!Number.isSafeInteger(daySeed) || daySeed < 0) {
  throw new Error(`BENCH_DAY_SEED must be a whole number ≥ 0, not ${process.env.BENCH_DAY_SEED}`);
}
/** Each patient is a socket in the load process and one in the gateway's, plus slack. */
ensureOpenFileLimit(MAX_PATIENTS + 2_048);

/** Send lag (p99) past which the report says the load process could not keep up. */
const LOAD_PROCESS_BEHIND_MS = 100;

const verdict = new Verdict();
const heading = (text: string) => console.log(`\n${text}\n`);

async function handlerSection(): Promise<void> {
  heading(
    'Handlers (the assets `cdk synth` stages for the prod stage, imported as Lambda imports them; import = median of 15 fresh processes, in rounds over every handler; sizes have no goal)',
  );
  const synthesized = await synthesizeDeployedStage();
  try {
    const handlers = measureHandlers(deployedHandlers(synthesized.outDir, synthesized.stage));
    console.log(
      table(
        [
          'handler',
          'minified',
          'gzip',
          'import',
          'its CPU (no goal)',
          `goal ≤ ${budgets.handlerImportMedianMs} ms`,
        ],
        handlers.map((figures) => [
          figures.handler,
          kb(figures.minifiedBytes),
          kb(figures.gzipBytes),
          ms(figures.medianImportMs),
          ms(figures.medianImportCpuMs),
          verdict.add(
            atMost(
              `${figures.handler} import`,
              figures.medianImportMs,
              budgets.handlerImportMedianMs,
              'ms',
            ),
          ),
        ]),
      ),
    );
  } finally {
    rmSync(synthesized.outDir, { recursive: true, force: true });
  }
}

function webSection(): void {
  heading(
    'Web first load per route by the module graph (gzip; run `npm run build` first; no goal: the goals are on the browser count, part `browser`)',
  );
  console.log(
    table(
      ['route', 'first-load JS', 'page weight'],
      measureWebRoutes().map((route) => [
        route.path,
        kb(route.firstLoadJsGzip),
        kb(route.pageWeightGzip),
      ]),
    ),
  );
}

/**
 * Issue 29 item 6: each route's JavaScript as Chromium fetches it until the network is idle,
 * beside the module graph's count (what the graph cannot see: chunks fetched as the page mounts).
 */
async function browserWeightSection(stack: RunningStack): Promise<void> {
  heading(
    `JavaScript per page as Chromium fetches it (gzip bytes on the wire, every script until the network is idle: none for ${SCRIPT_QUIET_MS / 1000} s; each page in its real state)`,
  );
  const weights = await measureBrowserWeights(stack, await makePageState(stack));
  const graph = new Map(measureWebRoutes().map((route) => [route.path, route.firstLoadJsGzip]));
  console.log(
    table(
      ['route', 'browser', 'module graph', 'other origins', 'goal'],
      weights.map((weight) => {
        const goal =
          weight.path === '/'
            ? budgets.landingFirstLoadJsGzipBytes
            : budgets.routeFirstLoadJsGzipBytes;
        const figure = weight.path === '/' ? 'landing JS' : `${weight.path} JS`;
        return [
          weight.path,
          kb(weight.siteJsGzip),
          kb(graph.get(weight.path) ?? Number.NaN),
          weight.otherJsBytes ? kb(weight.otherJsBytes) : '',
          `≤ ${kb(goal)}: ${verdict.add(atMost(`${figure} (browser)`, weight.siteJsGzip, goal, 'KB'))}`,
        ];
      }),
    ),
  );
  console.log(
    "- other origins: the payment provider's script (locally its stand-in's), not the site's to split; no goal",
  );
}

async function lighthouseSection(stack: RunningStack): Promise<void> {
  heading(
    `Lighthouse 12.8 mobile (default mobile settings, simulated throttling; local gateway; median of ${LIGHTHOUSE_RUNS} runs)`,
  );
  const pages = Object.keys(
    budgets.lighthouseMinScore,
  ) as (keyof typeof budgets.lighthouseMinScore)[];
  const results = await inLoadProcess<LighthouseJob>({
    kind: 'lighthouse',
    urls: pages.map((page) => `${stack.appUrl}${page}`),
    runsPerPage: LIGHTHOUSE_RUNS,
  });
  console.log(
    table(
      ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'goal'],
      results.map((result, index) => {
        const page = pages[index]!;
        const goal = budgets.lighthouseMinScore[page];
        return [
          page,
          fixed2(result.score),
          ms(result.fcpMs),
          ms(result.lcpMs),
          ms(result.tbtMs),
          result.cls.toFixed(3),
          `≥ ${goal.toFixed(2)}: ${verdict.add(atLeast(`Lighthouse ${page}`, result.score, goal, 'score'))}`,
        ];
      }),
    ),
  );
}

const loadRow = (figures: LoadFigures) => [
  figures.name,
  String(figures.concurrency),
  String(figures.requests),
  String(figures.errors),
  ms(figures.p50Ms),
  ms(figures.p99Ms),
  perSecond(figures.throughputPerSecond),
];

async function apiSection(stack: RunningStack, paidCaseId: string): Promise<void> {
  heading(
    `Status API beside its floor (a bare node:http server making the same Query) and raw DynamoDB Local, same run (closed loop from the load process, ${COMPARISON_ROUNDS} alternating rounds; paid case; ratio = median of the rounds)`,
  );
  const comparisons: StatusComparison[] = await compareStatusWithRaw(stack, paidCaseId);
  const header = ['figure', 'clients', 'requests', 'errors', 'p50', 'p99', 'throughput'];
  const rounds = (values: number[]) => `rounds ${values.map(fixed2).join(', ')}`;
  console.log(
    table(
      [...header, 'status API throughput / this'],
      comparisons.flatMap((comparison) => [
        [
          ...loadRow(comparison.rawGet),
          `${fixed2(ratio(comparison.app.throughputPerSecond, comparison.rawGet.throughputPerSecond))} (no goal)`,
        ],
        [
          ...loadRow(comparison.rawQuery),
          `${fixed2(comparison.overRawQuery)} (${rounds(comparison.overRawQueryRounds)}; no goal: issue 29 set it against the floor)`,
        ],
        [...loadRow(comparison.app), ''],
        [
          ...loadRow(comparison.floor),
          `${fixed2(comparison.overFloor)} (${rounds(comparison.overFloorRounds)}), goal ≥ ${budgets.statusOverFloorMinRatio}: ${verdict.add(
            atLeast(
              `status API / floor throughput at c=${comparison.concurrency}`,
              comparison.overFloor,
              budgets.statusOverFloorMinRatio,
              'ratio',
            ),
          )}; the floor is ${fixed2(comparison.floorOverRawQuery)} of raw Query`,
        ],
      ]),
    ),
  );
  for (const { app, concurrency } of comparisons) {
    if (app.errors) {
      verdict.add(holds(`status API at c=${concurrency}`, false, `${app.errors} errors`));
    }
  }
  heading('Applicant status lookup (issue 2 figure, no goal)');
  console.log(table(header, [loadRow(await measureApplicationStatus(stack))]));
}

/** The polls' errors by status, so a run's errors are named rather than counted only. */
function errorStatuses(byStatus: Record<string, number>): string {
  const named = Object.entries(byStatus).map(([status, count]) => `${count} × ${status}`);
  return named.length > 0 ? `; errors: ${named.join(', ')}` : '';
}

function waitingRoomRow(figures: WaitingRoomFigures): string[] {
  const name = `${figures.patients.toLocaleString('en-US')} patients, ${figures.push ? 'push' : 'no push'}`;
  const polls = figures.polls;
  if (!polls) return [name, 'push not available', '', '', '', '', '', '', '', ''];
  return [
    name,
    String(polls.sent),
    ms(polls.latency.p50Ms),
    ms(polls.latency.p95Ms),
    ms(polls.latency.p99Ms),
    String(
      polls.errors +
        (figures.setup
          ? figures.setup.ticketErrors + figures.setup.socketErrors + figures.setup.socketsLost
          : 0),
    ),
    String(polls.timeouts),
    `${polls.refused} (${polls.refusedWithRetryAfter} w/ Retry-After, p50 ${ms(polls.refusalLatency.p50Ms)}, p99 ${ms(polls.refusalLatency.p99Ms)}; waiting for a connection p50 ${ms(polls.refusalConnectionWait.p50Ms)}, p99 ${ms(polls.refusalConnectionWait.p99Ms)})`,
    polls.requestsPerPatientMinute.toFixed(1),
    ms(polls.sendLag.p99Ms),
  ];
}

function checkWaitingRoom(figures: WaitingRoomFigures): void {
  const { patients, push, polls, setup } = figures;
  if (push && patients === budgets.pushWaitingRoom.patients) {
    if (!polls) {
      verdict.add(notMeasured('waiting room with push, 10,000 patients', 'push not available'));
    } else {
      const failed =
        polls.errors +
        polls.refused +
        polls.timeouts +
        (setup ? setup.ticketErrors + setup.socketErrors + setup.socketsLost : 0);
      verdict.add(
        atMost(
          'waiting room with push, 10,000 patients: p99',
          polls.latency.p99Ms,
          budgets.pushWaitingRoom.p99Ms,
          'ms',
        ),
      );
      verdict.add(
        atMost(
          'waiting room with push, 10,000 patients: errors',
          failed,
          budgets.pushWaitingRoom.errors,
          'count',
        ),
      );
    }
  }
  if (push) {
    verdict.add(
      polls
        ? atMost(
            `requests per waiting patient-minute with push (${patients} patients)`,
            polls.requestsPerPatientMinute,
            budgets.pushRequestsPerPatientMinute,
            'per minute',
          )
        : notMeasured(
            `requests per waiting patient-minute with push (${patients} patients)`,
            'push not available',
          ),
    );
  }
  if (!push && patients === budgets.pastCapacity.patients && polls) {
    verdict.add(
      holds(
        'past capacity: refusals are 503 with Retry-After',
        polls.refused > 0 && polls.refusedWithRetryAfter === polls.refused,
        polls.refused === 0
          ? `no 503 at ${patients} patients (${polls.errors} errors, ${polls.timeouts} timeouts)`
          : `${polls.refused - polls.refusedWithRetryAfter} of ${polls.refused} without Retry-After`,
      ),
    );
    verdict.add(
      atMost(
        'past capacity: p99 of refusals',
        polls.refusalLatency.p99Ms,
        budgets.pastCapacity.refusalP99Ms,
        'ms',
      ),
    );
    verdict.add(
      atMost('past capacity: timeouts', polls.timeouts, budgets.pastCapacity.timeouts, 'count'),
    );
  }
}

async function waitingRoomSection(stack: RunningStack, seeded: SeededCase[]): Promise<void> {
  heading(
    `Open-loop waiting room (${WAITING_RUN.withoutPush.measureMs / 1000} s measured, ${WAITING_RUN.withPush.measureMs / 1000} s with push; latency from when each poll was due; ` +
      `spec rates = ${specRequestsPerPatientMinute.toFixed(1)} requests per patient-minute)`,
  );
  const header = [
    'run',
    'polls',
    'p50',
    'p95',
    'p99',
    'errors',
    'timeouts',
    '503s',
    'req/patient-min',
    'send lag p99',
  ];
  const rows: string[][] = [];
  const notes: string[] = [];
  // Past capacity last: its backlog must not spill into the other runs.
  const runs = PATIENT_COUNTS.flatMap((patients) =>
    patients === budgets.pastCapacity.patients
      ? [{ patients, push: true }]
      : [
          { patients, push: false },
          { patients, push: true },
        ],
  );
  if (PATIENT_COUNTS.includes(budgets.pastCapacity.patients)) {
    runs.push({ patients: budgets.pastCapacity.patients, push: false });
  }
  for (const { patients, push } of runs) {
    await waitUntilQuiet(stack, seeded[0]!.caseId);
    // The gateway runs in this process: how late its event loop ran during the run (a request
    // waits in its socket at least that long before the gateway reads it).
    const stopWatching = watchEventLoop();
    const figures = await runWaitingRoom(stack, waitingPatients(seeded, patients), push);
    const gatewayLoop = stopWatching();
    rows.push(waitingRoomRow(figures));
    notes.push(
      `${patients}${push ? ' with push' : ' without push'}: the gateway's event loop ran ` +
        `${gatewayLoop}; ${figures.polls?.ok ?? 0} polls answered 200` +
        errorStatuses(figures.polls?.errorsByStatus ?? {}),
    );
    checkWaitingRoom(figures);
    if (figures.polls && figures.polls.sendLag.p99Ms > LOAD_PROCESS_BEHIND_MS) {
      notes.push(
        `${patients}${push ? ' with push' : ''}: the load process sent its polls up to ` +
          `${ms(figures.polls.sendLag.p99Ms)} late (p99): it was starved of CPU too, so these ` +
          `latencies (counted from when each poll was due) are partly the load's own`,
      );
    }
    if (figures.setup?.available) {
      const setup = figures.setup;
      notes.push(
        `${patients} with push: ${setup.socketsOpened} sockets opened in ${(setup.setupMs / 1000).toFixed(1)} s ` +
          `(ticket p99 ${ms(setup.tickets.p99Ms)}, ${setup.ticketErrors} ticket errors after ${setup.ticketRetries} retries on 503 + Retry-After, ` +
          `${setup.socketErrors} refused, ` +
          `${setup.socketsLost} lost during the run); plus 1 ticket request per page load`,
      );
    }
  }
  console.log(table(header, rows));
  for (const note of notes) console.log(`- ${note}`);
  if (rows.some((row) => row[1] === 'push not available')) {
    console.log(
      '- push not available: POST /api/cases/{caseId}/realtime-ticket answers 404 for a seeded case (the push work is not in this build)',
    );
  }
  if (!PATIENT_COUNTS.includes(budgets.pushWaitingRoom.patients)) {
    verdict.add(
      notMeasured(
        'waiting room with push, 10,000 patients',
        `BENCH_PATIENTS=${PATIENT_COUNTS.join(',')}`,
      ),
    );
  }
  if (!PATIENT_COUNTS.includes(budgets.pastCapacity.patients)) {
    verdict.add(
      notMeasured(
        'past capacity (10,000 patients, no push)',
        `BENCH_PATIENTS=${PATIENT_COUNTS.join(',')}`,
      ),
    );
  }
}

function callNetworkSection(): void {
  heading(
    `Calls across the test network (${CALL_NETWORK_RUNS} calls, two NATed homes, relay-only; ` +
      'fault: 3 s of total loss ending in a new address for the patient’s home)',
  );
  const figures = runCallNetworkBench();
  if ('unavailable' in figures) {
    verdict.add(notMeasured('call network goals', figures.unavailable));
    return;
  }
  const goals = budgets.callNetwork;
  const shown = (value: number) => (Number.isFinite(value) ? ms(value) : 'missing');
  const rows = [
    {
      figure: 'second party joins → first remote frame (both rooms)',
      values: figures.joinToFrameMs,
      fraction: 0.5,
      goal: goals.joinToFrameP50Ms,
    },
    {
      figure: 'fault end → media back (both rooms)',
      values: figures.faultToMediaMs,
      fraction: 0.95,
      goal: goals.faultToMediaP95Ms,
    },
  ];
  console.log(
    table(
      ['figure', 'runs', 'missing', 'p50', 'p95', 'goal', ''],
      rows.map(({ figure, values, fraction, goal }) => {
        const checked = percentileWithMisses(values, fraction);
        const label = `${figure} p${fraction * 100}`;
        return [
          figure,
          String(values.length),
          String(values.filter((value) => value === null).length),
          shown(percentileWithMisses(values, 0.5)),
          shown(percentileWithMisses(values, 0.95)),
          `p${fraction * 100} ≤ ${ms(goal)}`,
          verdict.add(
            Number.isFinite(checked)
              ? atMost(label, checked, goal, 'ms')
              : holds(label, false, 'runs without media back count as slower than any'),
          ),
        ];
      }),
    ),
  );
  verdict.add(atLeast('call network runs', figures.joinToFrameMs.length, goals.minRuns, 'count'));
}

/**
 * Issue 29 item 1: the dashboards' `GET /api/cases` with 10,000 paid cases waiting, on a stack
 * of its own (case-list.ts). Reported before and after in docs/performance.md; no goal.
 */
async function caseListSection(): Promise<void> {
  const figures = await measureCaseList();
  heading(caseListHeading());
  console.log(caseListTable(figures));
  for (const figure of figures) {
    verdict.add(holds(`${figure.name} answers`, figure.errors === 0, `${figure.errors} errors`));
  }
}

/** Lighthouse, the status API and the waiting room share one local stack, started for them only. */
async function stackSections(): Promise<void> {
  // DynamoDB Local's data in memory-backed /dev/shm where there is one: on this machine's shared
  // disk its synced SQLite writes run at ~65 items a second, and seeding 10,000 patients would
  // take minutes. The app and its raw baseline read the same store either way.
  const tmpRoot = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dataDir = mkdtempSync(path.join(tmpRoot, 'telehealth-bench-'));
  // DynamoDB Local's priority as `npm start` sets it (DYNAMODB_LOCAL_NICE, README).
  const dynamodbNice = dynamodbNiceFromEnv(process.env);
  console.log(`\nDynamoDB Local runs at nice ${dynamodbNice} (DYNAMODB_LOCAL_NICE)`);
  // The gateway's admission limits as `npm start` reads them (GATEWAY_MAX_IN_FLIGHT…, README).
  const admission = admissionLimitsFromEnv(process.env);
  console.log(
    `The gateway admits ${admission.maxInFlight} API invocations at once (GATEWAY_MAX_IN_FLIGHT)`,
  );
  const stack = await startStack({
    dataDir,
    logLevel: 'error',
    rateLimitMultiplier: 1_000_000,
    dynamodbNice,
    admission,
  });
  try {
    if (included('browser')) await browserWeightSection(stack);
    if (included('lighthouse')) await lighthouseSection(stack);
    const seedStarted = performance.now();
    const paid = await seedCase(0, { paid: true });
    const seeded = await seedWaitingCases(included('waiting') ? MAX_PATIENTS : 0);
    console.log(
      `\nSeeded ${seeded.length.toLocaleString('en-US')} waiting patients in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    if (included('api')) await apiSection(stack, paid.caseId);
    if (chosenParts.has('waiting')) await waitingRoomSection(stack, seeded);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const included = (part: (typeof PARTS)[number]) => {
  if (!chosenParts.has(part)) verdict.add(notMeasured(`${part} goals`, 'left out by BENCH_PARTS'));
  return chosenParts.has(part);
};
if (included('handlers')) await handlerSection();
if (included('web')) webSection();

if (included('day')) simulatedDaySection(verdict, daySeed);
const stackParts = ['browser', 'lighthouse', 'api', 'waiting'] as const;
if (stackParts.some((part) => chosenParts.has(part))) await stackSections();
else for (const part of stackParts) included(part);

// On a stack of its own, after the shared one stopped.
if (included('cases')) await caseListSection();

// After the stack above has stopped: the calls need both cores.
if (included('callnet')) callNetworkSection();

console.log(
  `\nGoals (issues 12, 26 and 28), ${((performance.now() - started) / 1000).toFixed(0)} s:`,
);
for (const check of verdict.checks.filter((one) => !one.ok)) console.log(`- ${check.line}`);
const met = verdict.checks.length - verdict.misses.length;
console.log(`${met} of ${verdict.checks.length} checks met.`);
process.exit(verdict.misses.length ? 1 : 0);
