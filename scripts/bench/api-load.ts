import { caseBundleQuery, caseKey } from '../../functions/src/db/cases';
import { insertDoctorApplication } from '../../functions/src/db/doctor-applications';
import { newApplicationRecord } from '../../functions/src/features/doctor-applications/new-application';
import { routeKey } from '../../functions/src/routes';
import type { RunningStack } from '../../local/stack';
import * as caseContracts from '@shared/cases/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import type { ClosedLoopJob, LoadFigures, Target } from './jobs';
import { inLoadProcess } from './load-process';
import { ratio } from './stats';

/**
 * Closed-loop timing of every API figure: a 2 s warm-up (connections, JIT, DynamoDB Local's
 * caches), then 5 s measured. At the local stack's few hundred to few thousand requests a
 * second, 5 s gives thousands of samples per figure, enough for a stable p99, and keeps the
 * six figures of the comparison under a minute and a half with the load processes' start-up.
 */
export const CLOSED_LOOP = { warmupMs: 2_000, measureMs: 5_000 } as const;

/** Issue 12: the comparison with raw DynamoDB Local at 16 and at 100 concurrent clients. */
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
  app: LoadFigures;
  rawQuery: LoadFigures;
  rawGet: LoadFigures;
  /** Status API throughput / raw Query throughput (goal ≥ 0.9). */
  ratio: number;
}

/**
 * The case status poll through the gateway beside the raw DynamoDB Local figures of the same
 * case, one concurrency at a time so each pair is measured minutes apart at most: GetItem of
 * the case item, and the exact Query the route makes (`caseBundleQuery`, consistent, the whole
 * case partition).
 */
export async function compareStatusWithRaw(
  stack: RunningStack,
  caseId: string,
): Promise<StatusComparison[]> {
  const url = `${stack.appUrl}${pathOf(caseContracts.getCaseStatus, { caseId })}`;
  const endpoint = stack.dynamodbEndpoint;
  const comparisons: StatusComparison[] = [];
  for (const concurrency of COMPARED_CONCURRENCIES) {
    const rawGet = await closedLoop(
      'raw GetItem (case item)',
      { kind: 'dynamodb-get', endpoint, key: { ...caseKey(caseId) } },
      concurrency,
    );
    const rawQuery = await closedLoop(
      'raw Query (case partition)',
      { kind: 'dynamodb-query', endpoint, query: caseBundleQuery(caseId) },
      concurrency,
    );
    const app = await load(routeKey(caseContracts.getCaseStatus), url, concurrency);
    comparisons.push({
      concurrency,
      app,
      rawQuery,
      rawGet,
      ratio: ratio(app.throughputPerSecond, rawQuery.throughputPerSecond),
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
