import { inBatches } from '../bench/seed';
import { buildSchedule, jitteredPlan, runSchedule } from '../bench/open-loop';
import { keepAliveAgentFor } from '../bench/http-client';
import { spread } from '../bench/stats';
import type { Actors } from './actors';
import { Call } from './calls';
import type { LoadContext, Periodic } from './context';
import { Dashboard } from './dashboards';
import { PendingAnswers } from './pending';
import {
  addressesNeeded,
  pageIntervals,
  rampSteps,
  type PageIntervals,
  type Population,
} from './plan';
import {
  errorRate,
  StepRecorder,
  stopReason,
  type KindFigures,
  type StopReason,
  type StopThresholds,
} from './recorder';
import { WaitingPatient } from './waiting-room';

export interface LoadTestOptions {
  baseUrl: string;
  wsUrl: string;
  /** The actors this process plays (one shard's, when the test runs from several addresses). */
  actors: Actors;
  /** The last step's population (at most the actors there are). */
  target: Population;
  steps: number;
  /** How long each step holds its population once it is set up, ms. */
  holdMs: number;
  /** Divides every page interval (1: the pages' own rates). */
  timeScale: number;
  timeoutMs: number;
  thresholds: StopThresholds;
  /** Tickets, sockets, sign-ins and call set-ups at once while a step sets up. */
  setUpConcurrency: number;
  log?: (line: string) => void;
}

export interface StepReport {
  step: number;
  population: Population;
  startedAt: string;
  setUpSeconds: number;
  holdSeconds: number;
  kinds: KindFigures[];
  errorRate: number;
  /** How late this process fired what was due (p99): if high, the figures are the tester's own. */
  sendLagP99Ms: number;
  /** Patient pages whose socket was open when the hold started (they poll at the safety net). */
  pushedPatients: number;
  /** Messages the patient and alert sockets received, by type (pushes, alerts). */
  received: Record<string, number>;
}

export type StopCause = 'completed' | StopReason;

export interface LoadTestReport {
  baseUrl: string;
  wsUrl: string;
  startedAt: string;
  endedAt: string;
  timeScale: number;
  intervals: PageIntervals;
  target: Population;
  thresholds: StopThresholds;
  /** Load-generator addresses the target needs under the stage's WAF rate rules. */
  addressesNeeded: number;
  steps: StepReport[];
  stop: { cause: StopCause; step: number | null; detail: string };
}

/** Set-up kinds are rated over the set-up, the rest over the hold. */
const setUpKinds = new Set([
  'case ticket',
  'patient socket',
  'doctor sign-in',
  'alert ticket',
  'alert socket',
  'call set-up',
  'room socket',
]);

const waitUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

function countInto(total: Record<string, number>, counts: Map<string, number>) {
  for (const [type, count] of counts) total[type] = (total[type] ?? 0) + count;
}

/**
 * The load test: for each step of the ramp, the new patients open their pages, the new doctors
 * sign in and open their dashboards, the new calls start; then the whole population does what
 * its pages do, on an open-loop schedule (scripts/bench/open-loop.ts: a slow answer never
 * delays the next request), for `holdMs`. After each step the stop condition is checked.
 */
export async function runLoadTest(options: LoadTestOptions): Promise<LoadTestReport> {
  const { actors, target, thresholds } = options;
  if (target.patients > actors.patients.length || target.doctors > actors.doctors.length) {
    throw new Error('the target needs more actors than were seeded');
  }
  if (target.calls > actors.calls.length) throw new Error('the target needs more call cases');
  const log = options.log ?? (() => undefined);
  const baseUrl = new URL(options.baseUrl);
  const intervals = pageIntervals(options.timeScale);
  const context: LoadContext = {
    baseUrl,
    wsUrl: new URL(options.wsUrl),
    timeoutMs: options.timeoutMs,
    agent: keepAliveAgentFor(baseUrl, 1_024),
    recorder: new StepRecorder(),
    inFlight: new Set(),
    answers: new PendingAnswers(),
  };
  const patients: WaitingPatient[] = [];
  const dashboards: Dashboard[] = [];
  const calls: Call[] = [];
  const startedAt = new Date().toISOString();
  const steps: StepReport[] = [];
  let stop: LoadTestReport['stop'] = {
    cause: 'completed',
    step: null,
    detail: 'every step passed',
  };

  const setUp = async <T extends { open(): Promise<void> }>(all: T[], added: T[]) => {
    all.push(...added);
    await inBatches(added.length, options.setUpConcurrency, (index) => added[index]!.open());
  };

  try {
    for (const [index, population] of rampSteps(target, options.steps).entries()) {
      const recorder = new StepRecorder();
      context.recorder = recorder;
      const stepStartedAt = new Date().toISOString();
      const setUpFrom = performance.now();
      log(
        `step ${index + 1}: ${population.patients} patients, ${population.doctors} doctors, ${population.calls} calls`,
      );
      await setUp(
        dashboards,
        actors.doctors
          .slice(dashboards.length, population.doctors)
          .map((doctor) => new Dashboard(context, doctor)),
      );
      await setUp(
        calls,
        actors.calls.slice(calls.length, population.calls).map((call, offset) => {
          const position = calls.length + offset;
          return new Call(context, position, dashboards[position]!, call);
        }),
      );
      await setUp(
        patients,
        actors.patients
          .slice(patients.length, population.patients)
          .map((patient) => new WaitingPatient(context, patient)),
      );
      const setUpSeconds = (performance.now() - setUpFrom) / 1000;

      const actions: Periodic[] = [...patients, ...dashboards, ...calls].flatMap((actor) =>
        actor.periodic(intervals),
      );
      const schedule = buildSchedule(
        actions.map((action) => jitteredPlan(action.intervalMs, Math.random)),
        0,
        options.holdMs,
      );
      const lags: number[] = [];
      const holdFrom = performance.now();
      await runSchedule(schedule, holdFrom, (action, dueAt) => {
        lags.push(performance.now() - dueAt);
        actions[action]!.fire(dueAt);
      });
      await waitUntil(holdFrom + options.holdMs);
      await Promise.all(context.inFlight);
      await context.answers.settle(options.timeoutMs);

      const holdSeconds = options.holdMs / 1000;
      const kinds = recorder.figures((kind) =>
        setUpKinds.has(kind) ? Math.max(setUpSeconds, 0.001) : holdSeconds,
      );
      const received: Record<string, number> = {};
      for (const patient of patients) countInto(received, patient.pushes);
      for (const dashboard of dashboards) countInto(received, dashboard.alerts);
      steps.push({
        step: index + 1,
        population,
        startedAt: stepStartedAt,
        setUpSeconds,
        holdSeconds,
        kinds,
        errorRate: errorRate(kinds),
        sendLagP99Ms: spread(lags).p99Ms,
        pushedPatients: patients.filter((patient) => patient.pushed()).length,
        received,
      });
      const reason = stopReason(kinds, thresholds);
      if (reason) {
        stop = { cause: reason.reason, step: index + 1, detail: reason.detail };
        log(`stopped after step ${index + 1}: ${reason.detail}`);
        break;
      }
    }
  } finally {
    for (const actor of [...patients, ...dashboards, ...calls]) actor.close();
    context.agent.destroy();
  }
  return {
    baseUrl: options.baseUrl,
    wsUrl: options.wsUrl,
    startedAt,
    endedAt: new Date().toISOString(),
    timeScale: options.timeScale,
    intervals,
    target,
    thresholds,
    addressesNeeded: addressesNeeded(target, pageIntervals(1)),
    steps,
    stop,
  };
}
