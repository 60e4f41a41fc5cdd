import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCaseBundle } from '#db/cases/bundle';
import { stripe } from '#lib/stripe';
import { CASE_EXPIRY_FUNCTION } from '#routes';
import { startOwnStack } from '#local/testing/own-stack';
import { caseStatus, newCaseChargedAtCheckout } from '#local/testing/patient-journey';
import { pollUntil } from '#local/testing/poll';
import { REFUND_OUTAGE_PATH } from '#local/stripe/refund-outage';
import type { RunningStack } from '#local/stack';
import { CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { deadLetters, localTarget } from './dead-letters';

/**
 * Issue 24 item 4, end to end on a stack of this file's own (expiry 1 s after payment, retries
 * 100 ms apart instead of Lambda's minutes): the local Scheduler fires the expiry of a case
 * charged at checkout (a legacy payment, refunded: docs/adr/0024), the Stripe stand-in refuses
 * every refund, the run is retried and then kept in the failed-runs
 * queue; `npm run dead-letters -- --local` lists it and, once Stripe is back, replays it.
 */

let stack: RunningStack;
let stopStack: () => Promise<void>;

beforeAll(async () => {
  ({ stack, stop: stopStack } = await startOwnStack('dead-letters', {
    caseExpirySeconds: 1,
    scheduledRunRetryDelaysMs: [100, 100],
  }));
});
afterAll(() => stopStack?.());

async function refundOutage(on?: boolean): Promise<{ on: boolean; refused: number }> {
  const response = await fetch(new URL(REFUND_OUTAGE_PATH, stack.stripeUrl), {
    method: on === undefined ? 'GET' : 'PUT',
    ...(on === undefined ? {} : { body: JSON.stringify({ on }) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { on: boolean; refused: number };
}

/** The refunds the Stripe stand-in holds for the case's PaymentIntent. */
async function refundsOf(caseId: string) {
  const intent = (await getCaseBundle(caseId))?.payments[0]?.rawPayload.paymentIntentId;
  if (!intent) throw new Error('no payment intent recorded');
  return (await (await stripe()).refunds.list({ payment_intent: intent })).data;
}

/** One pass of the command, its printed lines kept. */
async function run(replay: boolean) {
  const lines: string[] = [];
  const report = await deadLetters(localTarget(stack.appUrl), replay, (line) => lines.push(line));
  return { report, lines };
}

describe('a scheduled refund that fails every attempt', () => {
  let caseId: string;

  it('is retried, then kept in the failed-runs queue with its input and attempt count', async () => {
    await refundOutage(true);
    // A payment charged at checkout (before manual capture, docs/adr/0024): its expiry refunds.
    caseId = await newCaseChargedAtCheckout(stack);

    const listed = await pollUntil(
      'the expiry run in the failed-runs queue',
      async () => {
        const pass = await run(false);
        return pass.report.found > 0 ? pass : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(listed.report).toEqual({ found: 1, replayed: 0, failed: 0, skipped: 0 });
    // Lambda's count: the first run and the two retries.
    expect(listed.lines[0]).toContain(
      `${CASE_EXPIRY_FUNCTION} {"caseId":"${caseId}"}: RetriesExhausted after 3 attempt(s)`,
    );
    expect(listed.lines[0]).toContain(`The refund of case ${caseId} failed`);
    // Every attempt asked Stripe, and Stripe refunded nothing.
    expect((await refundOutage()).refused).toBeGreaterThanOrEqual(3);
    expect(await refundsOf(caseId)).toEqual([]);
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'expired',
      refund: { status: 'pending' },
    });
    // Listing leaves it there.
    expect((await run(false)).report.found).toBe(1);
  });

  it('is replayed once Stripe is back: refunded exactly once, and the queue is empty', async () => {
    // Still down: the replay fails, and the run stays for the next one.
    const failedAgain = await run(true);
    expect(failedAgain.report).toEqual({ found: 1, replayed: 0, failed: 1, skipped: 0 });
    expect(await refundsOf(caseId)).toEqual([]);

    await refundOutage(false);
    const replayed = await run(true);
    expect(replayed.report).toEqual({ found: 1, replayed: 1, failed: 0, skipped: 0 });
    expect(replayed.lines.at(-1)).toBe(
      '1 failed scheduled run(s): 1 replayed, 0 failed again, 0 skipped.',
    );
    expect(await refundsOf(caseId)).toEqual([
      expect.objectContaining({ amount: CONSULTATION_FEE_CENTS, status: 'succeeded' }),
    ]);
    expect(await caseStatus(stack, caseId)).toMatchObject({
      status: 'expired',
      refund: { status: 'succeeded' },
    });

    expect((await run(false)).report.found).toBe(0);
    const again = await run(true);
    expect(again.report).toEqual({ found: 0, replayed: 0, failed: 0, skipped: 0 });
    expect(await refundsOf(caseId)).toHaveLength(1);
  });
});
