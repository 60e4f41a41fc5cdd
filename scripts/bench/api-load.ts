import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertDoctorApplication } from '../../functions/src/db/doctor-applications';
import { newApplicationRecord } from '../../functions/src/features/doctor-applications/new-application';
import { startStack } from '../../local/stack';
import { percentile } from './stats';

export interface LoadFigures {
  requests: number;
  concurrency: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  throughputPerSecond: number;
}

export const LOAD = { requests: 2000, concurrency: 16, warmup: 100 } as const;

/**
 * `GET /api/doctor-applications/status/{id}` against a local stack this starts on free ports
 * (loopback only), a fixed number of requests at a fixed concurrency. The per-client rate limit
 * is raised for the run: every request comes from 127.0.0.1, and the limit's own cost (one
 * DynamoDB update per request) stays in the measurement.
 */
export async function measureStatusLookup(): Promise<LoadFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-'));
  const stack = await startStack({ dataDir, logLevel: 'error', statusLookupsPerMinute: 1_000_000 });
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
    const url = `${stack.appUrl}/api/doctor-applications/status/APP-${record.applicationId}`;

    let errors = 0;
    const once = async (): Promise<number> => {
      const started = performance.now();
      const response = await fetch(url);
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
      await Promise.all(Array.from({ length: LOAD.concurrency }, worker));
      return latencies;
    };

    await runMany(LOAD.warmup);
    errors = 0;
    const started = performance.now();
    const latencies = (await runMany(LOAD.requests)).sort((a, b) => a - b);
    const seconds = (performance.now() - started) / 1000;
    return {
      requests: LOAD.requests,
      concurrency: LOAD.concurrency,
      errors,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      throughputPerSecond: LOAD.requests / seconds,
    };
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
