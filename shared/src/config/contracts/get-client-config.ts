import { defineRoute } from '../../http/contract';
import { clientConfigSchema } from '../client-config';

/** The browser's runtime settings (publishable key, Stripe.js, support address). */
export const getClientConfig = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/config',
  response: clientConfigSchema,
});
