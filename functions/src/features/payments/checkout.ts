import type Stripe from 'stripe';
import { CONSULTATION_CURRENCY, CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { getCaseBundle } from '#db/cases/bundle';
import { recordCheckoutSession } from '#db/cases/payment';
import type { CaseRecord } from '#db/cases/record';
import { env } from '#core/env';
import { stripe } from '#lib/stripe';
import type { PaymentEvidence } from './evidence';

const productNames = {
  telemedicine: '15-minute video consultation',
  'nurse-visit': 'Home nurse visit',
} as const;

/**
 * Where Stripe sends the patient back. Embedded checkout completes in the page (onComplete) and
 * falls back to the visit page with `session_id`; hosted checkout returns to the success page
 * of the flow the case came from (spec doc 1 §2).
 */
function returnUrls(caseRecord: CaseRecord) {
  const base = env.appBaseUrl;
  const success =
    caseRecord.source === 'patient'
      ? `${base}/payment-success?patient_id=${caseRecord.patientId}`
      : `${base}/payment-success?case_id=${caseRecord.id}`;
  return {
    embeddedReturn: `${base}/visit/${caseRecord.id}?session_id={CHECKOUT_SESSION_ID}`,
    hostedSuccess: success,
    hostedCancel: `${base}/payment-cancelled?case_id=${caseRecord.id}`,
  };
}

export type CheckoutMode = 'embedded' | 'hosted';
const uiModes = { embedded: 'embedded_page', hosted: 'hosted_page' } as const;

/**
 * A new Checkout Session for the flat fee. Stripe learns only ids (DESIGN.md §6): the case id as
 * client reference and metadata, no name, symptoms or contact. The idempotency key names the
 * session it replaces, so concurrent requests that replace the same one get the same session.
 */
async function newCheckoutSession(
  caseRecord: CaseRecord,
  mode: CheckoutMode,
  previousId: string | null,
): Promise<Stripe.Checkout.Session> {
  const urls = returnUrls(caseRecord);
  return (await stripe()).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CONSULTATION_CURRENCY,
            unit_amount: CONSULTATION_FEE_CENTS,
            product_data: { name: productNames[caseRecord.requestType] },
          },
        },
      ],
      client_reference_id: caseRecord.id,
      metadata: { caseId: caseRecord.id },
      // Authorize only (docs/adr/0024): captured when the consultation happened, else voided.
      payment_intent_data: { capture_method: 'manual', metadata: { caseId: caseRecord.id } },
      ...(mode === 'embedded'
        ? {
            ui_mode: uiModes.embedded,
            return_url: urls.embeddedReturn,
            redirect_on_completion: 'if_required',
          }
        : {
            ui_mode: uiModes.hosted,
            success_url: urls.hostedSuccess,
            cancel_url: urls.hostedCancel,
          }),
    },
    { idempotencyKey: `checkout-${caseRecord.id}-${mode}-after-${previousId ?? 'none'}` },
  );
}

/** Closes a session nobody may pay any more; one that is no longer open needs nothing. */
async function expireIfOpen(sessionId: string): Promise<void> {
  try {
    await (await stripe()).checkout.sessions.expire(sessionId);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'checkout_session_not_open') throw error;
  }
}

export type CheckoutAnswer =
  | { kind: 'open'; session: Stripe.Checkout.Session }
  /**
   * The case's session is already complete (the webhook has not arrived yet): settle (the judge
   * asks Stripe's PaymentIntent), do not sell again.
   */
  | { kind: 'paid'; session: Stripe.Checkout.Session };

/** Two requests that replace the same session at once: the loser looks again, a few times. */
const MAX_ATTEMPTS = 3;

/**
 * The case's one open Checkout Session (issue 10 item 7). While the session the case names is
 * open and of the asked mode, every request answers that same session, so a patient who
 * reloads, double-clicks or comes back later pays one session. A session that expired is
 * replaced; one of the other mode is expired first, so at most one session of a case can be
 * paid at any time. The case records the new session conditionally on the one it replaced:
 * a request that lost that race expires its own session and answers the winner's.
 */
export async function openCheckoutSession(
  caseRecord: CaseRecord,
  mode: CheckoutMode,
): Promise<CheckoutAnswer> {
  let current = caseRecord;
  for (let attempt = 1; ; attempt += 1) {
    const previousId = current.checkoutSessionId;
    const previous = previousId
      ? await (await stripe()).checkout.sessions.retrieve(previousId)
      : null;
    // Complete: under manual capture its `payment_status` stays 'unpaid' (the PaymentIntent
    // holds the authorization), so completion, not that flag, means it was paid. Unless a lapsed
    // wait promise voided that authorization: "Keep waiting" needs a new session (docs/adr/0025).
    const spent = current.waitPromiseLapsedAt !== null;
    if (previous?.status === 'complete' && !spent) return { kind: 'paid', session: previous };
    if (previous?.status === 'open') {
      if (previous.ui_mode === uiModes[mode]) return { kind: 'open', session: previous };
      await expireIfOpen(previous.id);
    }
    const session = await newCheckoutSession(current, mode, previousId);
    if (await recordCheckoutSession(current.id, session.id, previousId)) {
      return { kind: 'open', session };
    }
    await expireIfOpen(session.id);
    const latest = await getCaseBundle(current.id);
    if (!latest || attempt >= MAX_ATTEMPTS) {
      throw new Error('The checkout session of a case kept changing');
    }
    current = latest.case;
  }
}

/**
 * The facts `markCasePaid` judges, as Stripe reports them now: the Checkout Session read again
 * with its PaymentIntent expanded (a webhook's copy of the session says nothing of the
 * authorization under manual capture: its `payment_status` is 'unpaid').
 */
export async function paymentEvidence(
  checkoutSessionId: string,
  eventId: string | null,
): Promise<PaymentEvidence> {
  const session = await (
    await stripe()
  ).checkout.sessions.retrieve(checkoutSessionId, { expand: ['payment_intent'] });
  const intent = session.payment_intent;
  const expanded = typeof intent === 'object' && intent !== null ? intent : null;
  return {
    checkoutSessionId: session.id,
    clientReferenceId: session.client_reference_id,
    sessionStatus: session.status,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    intent: expanded && {
      status: expanded.status,
      amount: expanded.amount,
      currency: expanded.currency,
      caseId: expanded.metadata.caseId ?? null,
    },
    eventId,
  };
}
