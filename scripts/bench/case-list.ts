import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getCaseBundle } from '../../functions/src/db/cases';
import { claimPaidCase } from '../../functions/src/features/cases/transitions';
import { signInProvider } from '../../local/testing/provider-journey';
import { startStack } from '../../local/stack';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { load } from './api-load';
import type { LoadFigures } from './jobs';
import { inBatches, seedCase } from './seed';
import { ms, table } from './stats';

/**
 * `npx tsx scripts/bench/case-list.ts`: `GET /api/cases` with 1,000 paid cases in the table
 * (issue 8), 100 of them claimed by the signed-in provider. Every dashboard view reads its first
 * page and the four counters; 40 dashboards refresh at once unless CONCURRENCY says otherwise.
 * The load comes from a separate process (load-process.ts), 2 s of warm-up then 5 s measured.
 * Local figures (DynamoDB Local on loopback, handlers in-process) compare runs, not clouds.
 */
const CASES = 1000;
const MINE = 100;
/** `CONCURRENCY=…` overrides the number of dashboards refreshing at once (default 40). */
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 40);

export async function measureCaseList(): Promise<LoadFigures[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-cases-'));
  const stack = await startStack({
    dataDir,
    logLevel: 'error',
    rateLimitMultiplier: 1_000_000,
    // One provider holds every claimed case of the run.
    maxActiveClaims: 1_000_000,
  });
  try {
    const provider = await signInProvider(stack);
    const caseIds = (await inBatches(CASES, 20, (index) => seedCase(index, { paid: true }))).map(
      (seeded) => seeded.caseId,
    );
    await inBatches(MINE, 20, async (index) => {
      const bundle = await getCaseBundle(caseIds[index]!);
      await claimPaidCase(bundle!.case, provider);
    });
    const figures: LoadFigures[] = [];
    for (const view of ['all', 'available', 'mine'] as const) {
      const url = `${stack.appUrl}${pathOf(caseContracts.listCases, {})}?view=${view}`;
      figures.push(
        await load(`GET /api/cases?view=${view}`, url, CONCURRENCY, { cookie: provider.cookie }),
      );
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
