import { caseBundleQuery, caseKey } from '../../functions/src/db/cases';
import { insertDoctorApplication } from '../../functions/src/db/doctor-applications';
import { newApplicationRecord } from '../../functions/src/features/doctor-applications/new-application';
import { routeKey } from '../../functions/src/routes';
import type { RunningStack } from '../../local/stack';
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
 * The status comparison runs in rounds: raw GetItem, raw Query, status API, the floor, three
 * times over, each 1 s of warm-up then 3 s measured. Other work on the machine comes in bursts;
 * alternating puts both sides of a ratio under the same bursts (the status API and the floor
 * run back to back), and the median of the rounds' ratios is what one burst cannot move. 9 s
 * measured per figure, about 50 s per concurrency.
 */
export const COMPARISON_ROUNDS = 3;
const COMPARISON_LOOP = { warmupMs: 1_000, measureMs: 3_000 } as const;

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
  for (const concurrency of COMPARED_CONCURRENCIES) {
    const loops: ClosedLoopJob[] = Array.from({ length: COMPARISON_ROUNDS }, () =>
      targets.map(({ name, target }) => ({
        kind: 'closed-loop' as const,
        name,
        target,
        concurrency,
        ...COMPARISON_LOOP,
      })),
    ).flat();
    const figures = await inLoadProcess<ClosedLoopsJob>({ kind: 'closed-loops', loops });
    const ofTarget = (index: number) => figures.filter((_, i) => i % targets.length === index);
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
