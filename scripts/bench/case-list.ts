import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getCaseBundle } from '#db/cases/bundle';
import { claimPaidCase } from '#features/cases/transitions';
import { signInProvider } from '#local/testing/provider-journey';
import { dynamodbNiceFromEnv } from '#local/dynamodb';
import { startStack } from '#local/stack';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { load } from './api-load';
import type { LoadFigures } from './jobs';
import { inBatches, payWaitingCase, retryingTimeouts, seedWaitingCases } from './seed';
import { ms, perSecond, table } from './stats';

/**
 * The dashboards' read at the design load (issue 29 item 1): `GET /api/cases` with 10,000 paid
 * cases waiting in the queue (`BENCH_QUEUE` overrides), 100 of them claimed by the signed-in
 * provider. Every dashboard view reads its first page and the four counters; 40 dashboards
 * refresh at once (`CONCURRENCY` overrides). The load comes from a separate process
 * (load-process.ts), 2 s of warm-up then 5 s measured. Local figures (DynamoDB Local on
 * loopback, handlers in-process) compare runs, not clouds. `BENCH_PARTS=cases npm run bench`
 * runs it alone; `npx tsx scripts/bench/case-list.ts` too.
 */
export const QUEUE_LENGTH = Number(process.env.BENCH_QUEUE ?? 10_000);
const MINE = 100;
export const DASHBOARDS = Number(process.env.CONCURRENCY ?? 40);
export const CASE_LIST_VIEWS = ['available', 'all', 'mine'] as const;

export async function measureCaseList(): Promise<LoadFigures[]> {
  // In memory where there is one (index.ts `stackSections` says why).
  const tmpRoot = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dataDir = mkdtempSync(path.join(tmpRoot, 'telehealth-bench-cases-'));
  const stack = await startStack({
    dataDir,
    logLevel: 'error',
    rateLimitMultiplier: 1_000_000,
    // DynamoDB Local's priority as `npm start` sets it (DYNAMODB_LOCAL_NICE, README).
    dynamodbNice: dynamodbNiceFromEnv(process.env),
    // One provider holds every claimed case of the run.
    maxActiveClaims: 1_000_000,
  });
  try {
    const provider = await signInProvider(stack);
    const seedStarted = performance.now();
    // Intakes in bulk, then each paid through the case's paid transition, a second apart.
    const seeded = await seedWaitingCases(QUEUE_LENGTH);
    const firstPaidAt = Date.now() - QUEUE_LENGTH * 1000;
    await inBatches(seeded.length, 8, (index) =>
      payWaitingCase(seeded[index]!.caseId, new Date(firstPaidAt + index * 1000)),
    );
    // A retried claim that had landed is refused as the provider's own: the case is claimed.
    await inBatches(MINE, 10, (index) =>
      retryingTimeouts(async () => {
        const bundle = await getCaseBundle(seeded[index]!.caseId);
        await claimPaidCase(bundle!.case, provider);
      }),
    );
    console.log(
      `Seeded ${QUEUE_LENGTH.toLocaleString('en-US')} paid cases (${MINE} claimed) in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
    );
    const figures: LoadFigures[] = [];
    for (const view of CASE_LIST_VIEWS) {
      const url = `${stack.appUrl}${pathOf(caseContracts.listCases, {})}?view=${view}`;
      figures.push(
        await load(`GET /api/cases?view=${view}`, url, DASHBOARDS, { cookie: provider.cookie }),
      );
    }
    return figures;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as the bench prints them (no goal: issue 29 asks for before and after). */
export function caseListTable(figures: LoadFigures[]): string {
  return table(
    ['request', 'dashboards', 'requests', 'errors', 'p50', 'p95', 'p99', 'throughput'],
    figures.map((f) => [
      f.name,
      String(f.concurrency),
      String(f.requests),
      String(f.errors),
      ms(f.p50Ms),
      ms(f.p95Ms),
      ms(f.p99Ms),
      perSecond(f.throughputPerSecond),
    ]),
  );
}

export const caseListHeading = () =>
  `GET /api/cases with ${QUEUE_LENGTH.toLocaleString('en-US')} paid cases waiting (${MINE} claimed by the provider), ${DASHBOARDS} dashboards refreshing at once, first page of 25 (closed loop from the load process; no goal, issue 29 item 1)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureCaseList();
  console.log(`\n${caseListHeading()}\n`);
  console.log(caseListTable(figures));
}
