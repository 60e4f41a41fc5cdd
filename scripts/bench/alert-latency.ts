import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchBrowser, newPage, signInOnDashboard } from '../../e2e/browser';
import {
  createCheckout,
  newCaseId,
  payWithCard,
  STRIPE_TEST_CARDS,
} from '#local/testing/patient-journey';
import { signInProvider } from '#local/testing/provider-journey';
import { startStack } from '#local/stack';
import { ms, percentile, table } from './stats';

/**
 * `npx tsx scripts/bench/alert-latency.ts` (after `npm run build`): issue 8's alert latency. A
 * doctor's dashboard is open in Chromium with its alert socket up; 20 times a patient pays by
 * card on the local Stripe, and the time runs from the card payment being sent (so it includes
 * the Stripe stand-in and its webhook delivery: an upper bound of "webhook accepted → toast")
 * to the paid-case toast naming that case on the dashboard.
 */
const PAYMENTS = Number(process.env.PAYMENTS ?? 20);

export async function measureAlertLatency(): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-alerts-'));
  const stack = await startStack({ dataDir, logLevel: 'error', rateLimitMultiplier: 1_000_000 });
  const browser = await launchBrowser();
  try {
    const provider = await signInProvider(stack);
    const page = await newPage(browser);
    await signInOnDashboard(page, stack, provider);
    const toasts = page.getByRole('region', { name: /Notification/ });

    const latencies: number[] = [];
    for (let payment = 0; payment < PAYMENTS; payment += 1) {
      const caseId = await newCaseId(stack);
      const { sessionId } = await createCheckout(stack, caseId);
      // One toast at a time (spec doc 1 §9): the region holds the newest only.
      const paidToast = toasts
        .locator('li')
        .filter({ hasText: 'New case ready for care' })
        .filter({ hasText: `Case ${caseId.slice(0, 8)}` });
      const started = performance.now();
      const paid = await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
      if (paid.status >= 400) throw new Error(`payment ${payment} failed: ${paid.status}`);
      await paidToast.waitFor({ timeout: 15_000 });
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const latencies = await measureAlertLatency();
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `Card payment sent → paid-case toast on an open dashboard (${latencies.length} payments)\n`,
  );
  console.log(
    table(
      ['payments', 'p50', 'p99', 'max'],
      [
        [
          String(sorted.length),
          ms(percentile(sorted, 0.5)),
          ms(percentile(sorted, 0.99)),
          ms(sorted.at(-1)!),
        ],
      ],
    ),
  );
}
