import type { CreateCheckoutSessionResponse } from '@shared/cases/api';
import { conflict } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { loadCase } from '../cases/load';
import { mayAuthorizeAgain } from '../cases/transitions';
import { openCheckoutSession, paymentEvidence } from './checkout';
import { settlePayment } from '../cases/settle-payment';

const ALREADY_PAID = 'This consultation has already been paid';
const NO_LONGER_PAYABLE = 'This request can no longer be paid';

/**
 * POST /api/create-checkout-session: its clients read `error` (spec doc 1 §7). A case has one
 * open session at a time, answered again to every request until it expires (`checkout.ts`).
 */
export const handler = httpHandler(routes.createCheckoutSession, {
  errorField: true,
  rateLimit: ({ clientIp }) => rateLimitFor('checkout', clientIp),
  async handle({ body, log }) {
    const bundle = await loadCase(body.caseId);
    if (bundle.case.status !== 'awaiting_payment') {
      throw conflict(bundle.case.paidAt ? ALREADY_PAID : NO_LONGER_PAYABLE);
    }
    // "Keep waiting" after a lapsed wait promise ends with the first payment's expiry
    // (CASE_EXPIRY_SECONDS stays the outer limit, docs/adr/0025).
    if (!mayAuthorizeAgain(bundle.case, new Date())) throw conflict(NO_LONGER_PAYABLE);
    const checkout = await openCheckoutSession(bundle.case, body.mode);
    if (checkout.kind === 'paid') {
      // Paid, and the webhook has not arrived yet: record it now instead of selling it again.
      await settlePayment(bundle.case, await paymentEvidence(checkout.session.id, null), log);
      throw conflict(ALREADY_PAID);
    }
    const { session } = checkout;
    const answer: CreateCheckoutSessionResponse = {
      sessionId: session.id,
      clientSecret: session.client_secret ?? null,
      url: session.url ?? null,
    };
    return { body: answer };
  },
});
