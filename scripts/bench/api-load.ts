import { caseBundleQuery } from '#db/cases/bundle';
import { caseKey } from '#db/cases/keys';
import { insertDoctorApplication } from '#db/doctor-applications';
import { newApplicationRecord } from '#features/doctor-applications/new-application';
import { routeKey } from '#routes';
import type { RunningStack } from '#local/stack';
import * as caseContracts from '@shared/cases/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { mergeRounds } from './closed-loop';
import { startFloorServer } from './floor-server';
import type { ClosedLoopJob, ClosedLoopsJob, LoadFigures, Target } from './jobs';
import { inLoadProcess } from './load-process';
import { median, ratio } from './stats';

/**
 * Closed-loop timing of an API figure: a 2 s warm-up (connections, JIT, DynamoDB Local's
 * caches), then 5 s measured. At the local stack's few hundred to few thousand requests a
 * second, that is thousands of samples, enough for a stable p99.
 */
export const CLOSED_LOOP = { warmupMs: 2_000, measureMs: 5_000 } as const;

/**
 * The status comparison runs in rounds: raw GetItem, raw Query, status API, the floor, seven
 * times over, each 1 s of warm-up then 3 s measured. Other work on the machine comes in bursts;
 * alternating puts both sides of a ratio under the same bursts (the status API and the floor
 * run back to back), and the median of the rounds' ratios is what one burst cannot move. Seven,
 * not three: on a quiet machine single rounds of the same code ranged from 0.68 to 1.07, and the
 * median of three moved from 0.79 to 0.92 between runs of one commit (docs/performance.md,
 * "The third session"). 21 s measured per figure, plus the warm-up pass below: about 135 s per
 * concurrency.
 */
export const COMPARISON_ROUNDS = 7;
const COMPARISON_LOOP = { warmupMs: 1_000, measureMs: 3_000 } as const;
/**
 * Before the rounds, every target runs once unmeasured for 5 s. The stack keeps getting faster
 * for its first 20-30 s under load (DynamoDB Local's JVM compiles its hot paths, V8 the
 * handler's): on a quiet machine, status and floor loops of 4 s back to back went from 244 and
 * 524 requests a second in the first pair to about 1,000 and 1,100 by the fifth
 * (docs/performance.md). Without this pass the first round measured the warm-up, not the code.
 */
const COMPARISON_WARM_UP_LOOP = { warmupMs: 4_000, measureMs: 1_000 } as const;

/** One loop of the comparison: which target, and whether its figures count. */
export interface ComparisonStep {
  target: number;
  measured: boolean;
}

/**
 * The order of the comparison's loops over `targets` targets: a warm-up pass of every target,
 * then `rounds` rounds of every target. In every other round the two targets of the ratio
 * (`pair`) swap places, so while the machine still speeds up (or slows down) the later side of
 * the pair is not always the same one: a trend favours neither the status API nor the floor.
 */
export function comparisonSchedule(
  targets: number,
  rounds: number,
  pair: readonly [number, number],
): ComparisonStep[] {
  const inOrder = Array.from({ length: targets }, (_, target) => target);
  const swapped = inOrder.map((target) =>
    target === pair[0] ? pair[1] : target === pair[1] ? pair[0] : target,
  );
  return [
    ...inOrder.map((target) => ({ target, measured: false })),
    ...Array.from({ length: rounds }, (_, round) =>
      (round % 2 === 0 ? inOrder : swapped).map((target) => ({ target, measured: true })),
    ).flat(),
  ];
}

/** Issues 12 and 29: the comparison at 16 and at 100 concurrent clients. */
export const COMPARED_CONCURRENCIES = [16, 100] as const;

const closedLoop = (name: string, target: Target, concurrency: number) =>
  inLoadProcess<ClosedLoopJob>({ kind: 'closed-loop', name, target, concurrency, ...CLOSED_LOOP });

/** GETs of one URL at a fixed concurrency, from the load process (case-list.ts uses it too). */
export const load = (
  name: string,
  url: string,
  concurrency: number,
  headers?: Record<string, string>,
): Promise<LoadFigures> => closedLoop(name, { kind: 'http', url, headers }, concurrency);

export interface StatusComparison {
  concurrency: number;
  /** Each figure over all its rounds. */
  app: LoadFigures;
  rawQuery: LoadFigures;
  rawGet: LoadFigures;
  /** A bare HTTP server in front of the same Query (floor-server.ts), over all its rounds. */
  floor: LoadFigures;
  /**
   * Status API throughput / the floor's, each round's (issue 29: goal ≥ 0.9): what the
   * product's code costs on top of one HTTP hop making the same Query.
   */
  overFloorRounds: number[];
  /** Their median: the figure checked against the goal. */
  overFloor: number;
  /** Status API throughput / raw Query throughput, each round's (issue 12's ratio, no goal now). */
  overRawQueryRounds: number[];
  overRawQuery: number;
  /** Floor throughput / raw Query throughput, median of the rounds: the most an HTTP hop allows. */
  floorOverRawQuery: number;
}

/**
 * The case status poll through the gateway beside the raw DynamoDB Local figures of the same
 * case, in alternating rounds from one load process per concurrency: GetItem of the case item,
 * the exact Query the route makes (`caseBundleQuery`, consistent, the whole partition), and the
 * floor, a bare HTTP server making that Query.
 */
export async function compareStatusWithRaw(
  stack: RunningStack,
  caseId: string,
): Promise<StatusComparison[]> {
  const floorServer = await startFloorServer(caseId);
  try {
    return await compareRounds(stack, caseId, floorServer.url);
  } finally {
    await floorServer.close();
  }
}

async function compareRounds(
  stack: RunningStack,
  caseId: string,
  floorUrl: string,
): Promise<StatusComparison[]> {
  const targets: { name: string; target: Target }[] = [
    {
      name: 'raw GetItem (case item)',
      target: {
        kind: 'dynamodb-get',
        endpoint: stack.dynamodbEndpoint,
        key: { ...caseKey(caseId) },
      },
    },
    {
      name: 'raw Query (case partition)',
      target: {
        kind: 'dynamodb-query',
        endpoint: stack.dynamodbEndpoint,
        query: caseBundleQuery(caseId),
      },
    },
    {
      name: routeKey(caseContracts.getCaseStatus),
      target: {
        kind: 'http',
        url: `${stack.appUrl}${pathOf(caseContracts.getCaseStatus, { caseId })}`,
      },
    },
    { name: 'floor: bare node:http + the same Query', target: { kind: 'http', url: floorUrl } },
  ];
  const comparisons: StatusComparison[] = [];
  // The status API (2) and the floor (3) are the ratio's two sides.
  const schedule = comparisonSchedule(targets.length, COMPARISON_ROUNDS, [2, 3]);
  for (const concurrency of COMPARED_CONCURRENCIES) {
    const loops: ClosedLoopJob[] = schedule.map((step) => ({
      kind: 'closed-loop' as const,
      name: targets[step.target]!.name,
      target: targets[step.target]!.target,
      concurrency,
      ...(step.measured ? COMPARISON_LOOP : COMPARISON_WARM_UP_LOOP),
    }));
    const figures = await inLoadProcess<ClosedLoopsJob>({ kind: 'closed-loops', loops });
    // Each target's measured loops, in round order.
    const ofTarget = (index: number) =>
      figures.filter((_, i) => schedule[i]!.measured && schedule[i]!.target === index);
    const [rawGet, rawQuery, app, floor] = [0, 1, 2, 3].map(ofTarget) as [
      LoadFigures[],
      LoadFigures[],
      LoadFigures[],
      LoadFigures[],
    ];
    const over = (rounds: LoadFigures[], base: LoadFigures[]) =>
      rounds.map((round, i) => ratio(round.throughputPerSecond, base[i]!.throughputPerSecond));
    const overFloorRounds = over(app, floor);
    const overRawQueryRounds = over(app, rawQuery);
    comparisons.push({
      concurrency,
      rawGet: mergeRounds(rawGet),
      rawQuery: mergeRounds(rawQuery),
      app: mergeRounds(app),
      floor: mergeRounds(floor),
      overFloorRounds,
      overFloor: median(overFloorRounds),
      overRawQueryRounds,
      overRawQuery: median(overRawQueryRounds),
      floorOverRawQuery: median(over(floor, rawQuery)),
    });
  }
  return comparisons;
}

/**
 * The applicant's status lookup at 16 clients (issue 2's figure, kept for comparison with
 * earlier runs; no goal). Its rate limit is raised for the run (every request comes from
 * 127.0.0.1), and the limit's own DynamoDB update stays in the measurement.
 */
export async function measureApplicationStatus(stack: RunningStack): Promise<LoadFigures> {
  const record = newApplicationRecord({
    fullName: 'Dr. Bench',
    email: 'bench@example.org',
    phoneNumber: '5550000000',
    medicalLicenseNumber: 'LIC-BENCH',
    licenseState: 'NY',
    specialization: 'Other',
    yearsExperience: 1,
    hospitalAffiliation: 'Bench',
    medicalSchool: 'Bench',
    graduationYear: 2020,
    boardCertifications: [],
  });
  await insertDoctorApplication(record);
  const path = pathOf(applicationContracts.getApplicationStatus, {
    applicationId: `APP-${record.applicationId}`,
  });
  return load(routeKey(applicationContracts.getApplicationStatus), `${stack.appUrl}${path}`, 16);
}
