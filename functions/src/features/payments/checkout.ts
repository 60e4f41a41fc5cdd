import type Stripe from 'stripe';
import { CONSULTATION_CURRENCY, CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import { recordCheckoutSession, type CaseRecord } from '../../db/cases';
import { env } from '../../lib/env';
import { stripe } from '../../lib/stripe';
import type { PaymentEvidence } from '../cases/transitions';

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

/**
 * A Checkout Session for the flat fee. Stripe learns only ids (DESIGN.md §6): the case id as
 * client reference and metadata, no name, symptoms or contact.
 */
export async function createCheckoutSession(
  caseRecord: CaseRecord,
  mode: 'embedded' | 'hosted',
): Promise<Stripe.Checkout.Session> {
  const urls = returnUrls(caseRecord);
  const session = await stripe().checkout.sessions.create(
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
      ...(mode === 'embedded'
        ? {
            ui_mode: 'embedded_page',
            return_url: urls.embeddedReturn,
            redirect_on_completion: 'if_required',
          }
        : {
            ui_mode: 'hosted_page',
            success_url: urls.hostedSuccess,
            cancel_url: urls.hostedCancel,
          }),
    },
    // One session per case and minute even if the patient double-clicks.
    { idempotencyKey: `checkout-${caseRecord.id}-${mode}-${Math.floor(Date.now() / 60_000)}` },
  );
  await recordCheckoutSession(caseRecord.id, session.id);
  return session;
}

/** The facts `markCasePaid` judges, taken from a Checkout Session as Stripe reports it. */
export function evidenceFrom(
  session: Stripe.Checkout.Session,
  eventId: string | null,
): PaymentEvidence {
  return {
    checkoutSessionId: session.id,
    clientReferenceId: session.client_reference_id,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    eventId,
  };
}
