import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertDoctorApplication } from '../../functions/src/db/doctor-applications';
import { newApplicationRecord } from '../../functions/src/features/doctor-applications/new-application';
import { startStack } from '../../local/stack';
import { routeKey } from '../../functions/src/routes';
import * as caseContracts from '@shared/cases/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { percentile } from './stats';

export interface LoadFigures {
  name: string;
  requests: number;
  concurrency: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  throughputPerSecond: number;
}

export const LOADS = {
  applicationStatus: { requests: 2000, concurrency: 16 },
  /** Spec doc 1 §9: the visit page polls every 5 s; 100 patients waiting at once. */
  caseStatus: { requests: 3000, concurrency: 100 },
} as const;
const WARMUP = 100;

/** A fixed number of GETs at a fixed concurrency; latency per request, throughput overall. */
export async function load(
  name: string,
  url: string,
  { requests, concurrency }: { requests: number; concurrency: number },
  init: RequestInit = {},
): Promise<LoadFigures> {
  let errors = 0;
  const once = async (): Promise<number> => {
    const started = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (response.status !== 200) errors += 1;
    return performance.now() - started;
  };
  const runMany = async (count: number): Promise<number[]> => {
    const latencies: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next += 1;
        latencies.push(await once());
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return latencies;
  };
  await runMany(WARMUP);
  errors = 0;
  const started = performance.now();
  const latencies = (await runMany(requests)).sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  return {
    name,
    requests,
    concurrency,
    errors,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    throughputPerSecond: requests / seconds,
  };
}

/**
 * The two hot reads against a local stack this starts on free ports (loopback only): the
 * application status lookup (rate limit raised for the run: every request comes from
 * 127.0.0.1, and the limit's own DynamoDB update stays in the measurement) and the case status
 * poll of the visit page.
 */
export async function measureApi(): Promise<LoadFigures[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-'));
  const stack = await startStack({ dataDir, logLevel: 'error', rateLimitMultiplier: 1_000_000 });
  try {
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
    const form = new FormData();
    form.set('name', 'Bench Patient');
    form.set('triageSummary', 'Mild headache');
    form.set('phone', '5550000000');
    const created = await fetch(`${stack.appUrl}${pathOf(caseContracts.createCase, {})}`, {
      method: 'POST',
      body: form,
      headers: { origin: stack.appUrl },
    });
    const { caseId } = (await created.json()) as { caseId: string };

    return [
      await load(
        routeKey(applicationContracts.getApplicationStatus),
        `${stack.appUrl}${pathOf(applicationContracts.getApplicationStatus, {
          applicationId: `APP-${record.applicationId}`,
        })}`,
        LOADS.applicationStatus,
      ),
      await load(
        routeKey(caseContracts.getCaseStatus),
        `${stack.appUrl}${pathOf(caseContracts.getCaseStatus, { caseId })}`,
        LOADS.caseStatus,
      ),
    ];
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
