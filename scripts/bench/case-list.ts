import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getCaseBundle, insertPatientWithCase } from '../../functions/src/db/cases';
import { newPatientAndCase } from '../../functions/src/features/cases/new-case';
import { claimPaidCase, markCasePaid } from '../../functions/src/features/cases/transitions';
import { signInProvider } from '../../local/testing/provider-journey';
import { startStack } from '../../local/stack';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { load, type LoadFigures } from './api-load';
import { ms, table } from './stats';

/**
 * `npx tsx scripts/bench/case-list.ts`: `GET /api/cases` with 1,000 paid cases in the table
 * (issue 8), 100 of them claimed by the signed-in provider. Every dashboard view reads its first
 * page and the four counters; 40 dashboards refresh at once unless CONCURRENCY says otherwise. Local figures (DynamoDB Local on
 * loopback, handlers in-process) compare runs, not clouds.
 */
const CASES = 1000;
const MINE = 100;
/** `REQUESTS=… CONCURRENCY=…` override the load (defaults: 1,000 requests, 40 at once). */
const LOAD = {
  requests: Number(process.env.REQUESTS ?? 1000),
  concurrency: Number(process.env.CONCURRENCY ?? 40),
};

/** Writes a paid case through the real transitions (the Stripe evidence is a fixture). */
async function seedPaidCase(index: number): Promise<string> {
  const { patient, caseRecord } = newPatientAndCase({
    source: 'case',
    name: `Bench Patient ${index}`,
    email: `bench${index}@example.org`,
    phone: null,
    contactInfo: `bench${index}@example.org`,
    requestType: 'telemedicine',
    triageSummary: `Bench case ${index}: mild headache`,
    history: '',
    location: '',
    medicalFiles: [],
    metadata: {},
  });
  await insertPatientWithCase(patient, caseRecord);
  const outcome = await markCasePaid(caseRecord, {
    checkoutSessionId: `cs_bench_${index}`,
    clientReferenceId: caseRecord.id,
    paymentStatus: 'paid',
    amountTotal: CONSULTATION_FEE_CENTS,
    currency: 'usd',
    paymentIntentId: null,
    eventId: null,
  });
  if (outcome.outcome !== 'paid') throw new Error(`seed case ${index}: ${outcome.outcome}`);
  return caseRecord.id;
}

async function inBatches<T>(count: number, batch: number, make: (i: number) => Promise<T>) {
  const results: T[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    results.push(...(await Promise.all(Array.from({ length: size }, (_, i) => make(start + i)))));
  }
  return results;
}

export async function measureCaseList(): Promise<LoadFigures[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-cases-'));
  const stack = await startStack({ dataDir, logLevel: 'error', rateLimitMultiplier: 1_000_000 });
  try {
    const provider = await signInProvider(stack);
    const caseIds = await inBatches(CASES, 20, seedPaidCase);
    await inBatches(MINE, 20, async (index) => {
      const bundle = await getCaseBundle(caseIds[index]!);
      await claimPaidCase(bundle!.case, provider);
    });
    const init = { headers: { cookie: provider.cookie } };
    const figures: LoadFigures[] = [];
    for (const view of ['all', 'available', 'mine'] as const) {
      const url = `${stack.appUrl}${pathOf(caseContracts.listCases, {})}?view=${view}`;
      figures.push(await load(`GET /api/cases?view=${view}`, url, LOAD, init));
    }
    return figures;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureCaseList();
  console.log(`GET /api/cases with ${CASES} paid cases (${MINE} mine), first page of 25\n`);
  console.log(
    table(
      ['request', 'requests', 'concurrency', 'errors', 'p50', 'p99', 'req/s'],
      figures.map((f) => [
        f.name,
        String(f.requests),
        String(f.concurrency),
        String(f.errors),
        ms(f.p50Ms),
        ms(f.p99Ms),
        f.throughputPerSecond.toFixed(0),
      ]),
    ),
  );
}
