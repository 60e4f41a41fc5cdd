import type { CreateCheckoutSessionResponse } from '@shared/cases/api';
import { conflict } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { loadCase } from '../cases/load';
import { createCheckoutSession } from './checkout';

/** POST /api/create-checkout-session: its clients read `error` (spec doc 1 §7). */
export const handler = httpHandler(routes.createCheckoutSession, {
  errorField: true,
  rateLimit: ({ clientIp }) => rateLimitFor('checkout', clientIp),
  async handle({ body }) {
    const bundle = await loadCase(body.caseId);
    if (bundle.case.status !== 'awaiting_payment') {
      throw conflict(
        bundle.case.paidAt
          ? 'This consultation has already been paid'
          : 'This request can no longer be paid',
      );
    }
    const session = await createCheckoutSession(bundle.case, body.mode);
    const answer: CreateCheckoutSessionResponse = {
      sessionId: session.id,
      clientSecret: session.client_secret ?? null,
      url: session.url ?? null,
    };
    return { body: answer };
  },
});
