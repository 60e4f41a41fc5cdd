import { env } from '../../lib/env';
import { httpHandler } from '../../lib/http/handler';
import { httpRoutes } from '../../routes';

/**
 * GET /api/config: the settings the browser needs at run time (the publishable key and where
 * Stripe.js comes from differ per stage and, locally, per started stack).
 */
export const handler = httpHandler(httpRoutes.getClientConfig, {
  handle: () =>
    Promise.resolve({
      body: {
        stripePublishableKey: env.stripePublishableKey,
        stripeJsUrl: env.stripeJsUrl,
        supportEmail: env.supportEmail,
      },
    }),
});
