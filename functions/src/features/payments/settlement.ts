import * as z from 'zod';
import type Stripe from 'stripe';
import {
  settlementReasons,
  type SettlementDecision,
  type VoidReason,
} from '@shared/payments/money';
import { getCaseBundle } from '#db/cases/bundle';
import {
  currentPayment,
  recordAuthorizationState,
  recordSettlementDecision,
  recordSettlementFailure,
  type AuthorizationState,
  type PaymentRecord,
  type RecordedSettlementDecision,
} from '#db/payments';
import { env } from '#core/env';
import { errorFields, type Logger } from '#lib/logger';
import { ensureScheduleOnce } from '#lib/scheduler';
import { stripe } from '#lib/stripe';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { authorizationStateOf } from './evidence';
import { paymentIntentOf } from './refund';
import { stripeErrorFields } from './stripe-errors';

/**
 * Pay only when seen (issue 28, docs/adr/0024): the one place a payment's authorization is
 * captured or voided. Every decision point (a call's end, a no-show, the case's expiry, a nurse
 * visit's outcome, the wait promise) asks here; the first decision recorded on the Payment wins,
 * so a capture racing a void leaves one outcome. Stripe's capture and cancel are idempotent
 * (one key per PaymentIntent and action) and a failure is never lost: it is recorded on the
 * Payment (the admin's case details show it) and retried by a one-time schedule whose function
 * (`payments/settle-payment`) throws on failure, so Lambda runs it twice more and then keeps it
 * in the failed-runs dead-letter queue.
 */

export type SettlementOutcome =
  /** Stripe holds the payment captured or voided (now, or already before this call). */
  | {
      outcome: 'settled';
      state: Exclude<AuthorizationState, 'authorized'>;
      decision: SettlementDecision;
    }
  /** Another decision was recorded first: it stands, this one is not carried out. */
  | { outcome: 'refused'; decided: SettlementDecision }
  /** Stripe (or the table) failed: recorded, and a retry scheduled unless that failed too. */
  | { outcome: 'failed'; decision: SettlementDecision; retryScheduled: boolean }
  /** The case has no payment to settle. */
  | { outcome: 'no_payment' };

/** What the retry schedule hands `payments/settle-payment`: the case and the decision. */
export const settlementRetryInputSchema = z.object({
  caseId: z.uuid(),
  decision: z.discriminatedUnion('action', [
    z.object({ action: z.literal('capture'), why: z.enum(settlementReasons.capture) }),
    z.object({ action: z.literal('void'), why: z.enum(settlementReasons.void) }),
  ]),
});
export type SettlementRetryInput = z.infer<typeof settlementRetryInputSchema>;

/** One retry schedule per case at a time; Scheduler deletes it once it ran. */
export const settlementRetryScheduleName = (caseId: string): string => `settle-payment-${caseId}`;

/** How long after a failure the retry runs: long enough for a blip at Stripe to pass. */
export const SETTLEMENT_RETRY_DELAY_SECONDS = 10;

/** One key per PaymentIntent and action: a repeat is answered with Stripe's first result. */
export const settlementIdempotencyKey = (intentId: string, action: SettlementDecision['action']) =>
  `settle-${action}-${intentId}`;

/** A settlement Stripe did not carry out; recorded on the Payment before it is thrown. */
export class SettlementFailedError extends Error {
  constructor(readonly caseId: string) {
    super(`The settlement of case ${caseId} failed`);
    this.name = 'SettlementFailedError';
  }
}

const decisionOf = ({ action, why }: RecordedSettlementDecision): SettlementDecision =>
  ({ action, why }) as SettlementDecision;

/** The PaymentIntent status a decision leaves at Stripe. */
const doneStatus = { capture: 'succeeded', void: 'canceled' } as const;

/**
 * Captures or cancels at Stripe and answers the PaymentIntent's status. A PaymentIntent no longer
 * capturable or cancellable (captured or cancelled already: a repeat whose key Stripe forgot, or
 * an authorization Stripe let expire) is read again and its final status answered.
 */
async function carryOut(intentId: string, action: SettlementDecision['action']): Promise<string> {
  const client = await stripe();
  const options = { idempotencyKey: settlementIdempotencyKey(intentId, action) };
  try {
    const intent =
      action === 'capture'
        ? await client.paymentIntents.capture(intentId, {}, options)
        : await client.paymentIntents.cancel(intentId, {}, options);
    return intent.status;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'payment_intent_unexpected_state') throw error;
    const intent = await client.paymentIntents.retrieve(intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return intent.status;
    throw error;
  }
}

/**
 * The decision the payment holds after this call: `decision` when it was the first, else the one
 * recorded before it. Null when the payment vanished (a broken invariant).
 */
async function recordFirstDecision(
  caseId: string,
  payment: PaymentRecord,
  decision: SettlementDecision,
  now: Date,
): Promise<RecordedSettlementDecision | null> {
  if (payment.settlement) return payment.settlement;
  const mine = { ...decision, decidedAt: now.toISOString() };
  if (await recordSettlementDecision(caseId, payment.id, mine)) return mine;
  const latest = await getCaseBundle(caseId);
  return latest?.payments.find((stored) => stored.id === payment.id)?.settlement ?? null;
}

/**
 * Records the decision (first wins) and carries it out; throws `SettlementFailedError` after
 * recording a Stripe failure. The patient's pages are pushed when this call settled it.
 */
async function settle(
  caseId: string,
  decision: SettlementDecision,
  log: Logger,
  now: Date,
): Promise<Exclude<SettlementOutcome, { outcome: 'failed' }>> {
  const bundle = await getCaseBundle(caseId);
  const payment = bundle && currentPayment(bundle.payments);
  if (!bundle || !payment) {
    log.warn('settlement of a case without a payment', { caseId, action: decision.action });
    return { outcome: 'no_payment' };
  }
  const recorded = await recordFirstDecision(caseId, payment, decision, now);
  if (!recorded) throw new Error(`The payment of case ${caseId} disappeared`);
  if (recorded.action !== decision.action) {
    log.warn('settlement refused: another decision came first', {
      caseId,
      asked: decision.action,
      askedWhy: decision.why,
      decided: recorded.action,
      decidedWhy: recorded.why,
    });
    return { outcome: 'refused', decided: decisionOf(recorded) };
  }
  if (payment.status !== 'authorized') {
    return { outcome: 'settled', state: payment.status, decision: decisionOf(recorded) };
  }

  let intentStatus: string;
  try {
    intentStatus = await carryOut(await paymentIntentOf(payment), recorded.action);
  } catch (error) {
    const fields = stripeErrorFields(error);
    log.error('settlement failed', {
      caseId,
      action: recorded.action,
      why: recorded.why,
      dependency: 'stripe',
      ...errorFields(error),
      ...fields,
    });
    await recordSettlementFailure(caseId, payment.id, {
      at: new Date().toISOString(),
      type: fields.stripeType ?? (error instanceof Error ? error.name : null),
      code: fields.stripeCode ?? null,
    }).catch((recordError: unknown) =>
      log.error('settlement failure not recorded', { caseId, ...errorFields(recordError) }),
    );
    throw new SettlementFailedError(caseId);
  }
  const state = authorizationStateOf(intentStatus);
  if (state === 'authorized') throw new SettlementFailedError(caseId);
  const written = await recordAuthorizationState(
    caseId,
    payment.id,
    state,
    intentStatus,
    new Date().toISOString(),
  );
  if (intentStatus !== doneStatus[recorded.action]) {
    // Stripe holds the other outcome: the authorization expired before a capture (7 days), or
    // an operator acted in Stripe's dashboard. Recorded as Stripe has it; a person must look.
    log.error('settlement found the other outcome at Stripe', {
      caseId,
      decided: recorded.action,
      intentStatus,
    });
  } else {
    log.info('payment settled', { caseId, action: recorded.action, why: recorded.why });
  }
  // Stripe's webhook may have recorded it first: whoever wrote it tells the patient's pages.
  if (written) await pushCaseUpdate(caseId, bundle.case.status, log);
  return { outcome: 'settled', state, decision: decisionOf(recorded) };
}

/** Schedules the retry of a failed settlement; false (logged) when Scheduler failed too. */
async function scheduleRetry(
  caseId: string,
  decision: SettlementDecision,
  log: Logger,
  now: Date,
): Promise<boolean> {
  const input: SettlementRetryInput = { caseId, decision };
  try {
    await ensureScheduleOnce({
      name: settlementRetryScheduleName(caseId),
      at: new Date(now.getTime() + SETTLEMENT_RETRY_DELAY_SECONDS * 1000),
      targetArn: env.settlementTargetArn,
      input,
    });
    return true;
  } catch (error) {
    log.error('settlement retry not scheduled', {
      caseId,
      dependency: 'scheduler',
      ...errorFields(error),
    });
    return false;
  }
}

/**
 * Asks for a payment's capture or void (docs/adr/0024). Never throws and never fails the
 * caller's transition: a failure is recorded and retried by its own schedule. Called from
 * scheduled runs and HTTP handlers alike, as often as they like: the first decision recorded
 * wins, and one already carried out is answered as `settled`.
 */
export async function requestSettlement(
  caseId: string,
  decision: SettlementDecision,
  log: Logger,
): Promise<SettlementOutcome> {
  const now = new Date();
  try {
    return await settle(caseId, decision, log, now);
  } catch (error) {
    if (!(error instanceof SettlementFailedError)) {
      log.error('settlement interrupted', {
        caseId,
        action: decision.action,
        ...errorFields(error),
      });
    }
    const retryScheduled = await scheduleRetry(caseId, decision, log, now);
    return { outcome: 'failed', decision, retryScheduled };
  }
}

/**
 * The retry schedule's run: the same settlement, but a failure is thrown (Lambda retries the
 * run twice, then keeps it in the failed-runs queue; `npm run dead-letters` replays it).
 */
export async function retrySettlement(
  input: SettlementRetryInput,
  log: Logger,
): Promise<SettlementOutcome> {
  return settle(input.caseId, input.decision, log, new Date());
}

/** What a `payment_intent.*` webhook says about an authorization (signature verified). */
export type IntentReport = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'metadata'> & {
  cancellation_reason: string | null;
};

/**
 * Stripe's own word that an authorization was captured or cancelled (`payment_intent.succeeded`,
 * `payment_intent.canceled`): recorded on the case's payment, idempotently. A cancellation
 * nobody here decided is Stripe expiring the authorization (7 days; `cancellation_reason:
 * 'automatic'`): recorded as the void `authorization_expired`. A case still open then can no
 * longer be captured: logged as an error (the wait promise and the expiry void long before).
 */
export async function recordIntentReport(intent: IntentReport, log: Logger): Promise<void> {
  const state = authorizationStateOf(intent.status);
  const caseId = intent.metadata.caseId;
  if (state === 'authorized' || !caseId) return;
  const bundle = await getCaseBundle(caseId);
  const payment = bundle?.payments.find(
    (stored) => stored.rawPayload.paymentIntentId === intent.id,
  );
  if (!bundle || !payment) {
    log.info('payment intent report for no recorded payment', {
      caseId,
      intentStatus: intent.status,
    });
    return;
  }
  if (payment.status === state) return;
  if (state === 'voided' && !payment.settlement && intent.cancellation_reason === 'automatic') {
    const why: VoidReason = 'authorization_expired';
    await recordFirstDecision(caseId, payment, { action: 'void', why }, new Date());
    const open = ['paid', 'claimed', 'in_call'].includes(bundle.case.status);
    if (open)
      log.error('authorization expired on an open case', { caseId, status: bundle.case.status });
  }
  const at = new Date().toISOString();
  // The settlement may have recorded it first: whoever wrote it tells the patient's pages.
  if (await recordAuthorizationState(caseId, payment.id, state, intent.status, at)) {
    log.info('payment intent report recorded', { caseId, state });
    await pushCaseUpdate(caseId, bundle.case.status, log);
  }
}
