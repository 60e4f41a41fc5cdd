import type { ClientConfig } from '@shared/config/client-config';
import { env } from '#core/env';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';

/**
 * GET /api/config: the settings the browser needs at run time (the publishable key and where
 * Stripe.js comes from differ per stage and, locally, per started stack), and the triage region
 * the intake's analyser applies like the server.
 */
export const handler = httpHandler(routes.getClientConfig, {
  handle: () => {
    const config: ClientConfig = {
      stripePublishableKey: env.stripePublishableKey,
      stripeJsUrl: env.stripeJsUrl,
      supportEmail: env.supportEmail,
      triageRegion: env.triageRegion,
      waitPromiseMinutes: env.waitPromiseMinutes,
    };
    return Promise.resolve({ body: config });
  },
});
