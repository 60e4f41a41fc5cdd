import {
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
} from '../../cases/payment';
import { defineRoute } from '../../http/contract';

export const createCheckoutSession = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/create-checkout-session',
  body: createCheckoutSessionRequestSchema,
  response: createCheckoutSessionResponseSchema,
});
