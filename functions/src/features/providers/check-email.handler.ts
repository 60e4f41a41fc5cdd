import { applicationEmailTaken } from '#db/doctor-applications';
import { providerLoginExists } from '#db/provider-logins';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';

/** GET /api/providers/check-email?email=: is the address already an application or provider. */
export const handler = httpHandler(routes.checkProviderEmail, {
  rateLimit: ({ clientIp }) => rateLimitFor('emailCheck', clientIp),
  async handle({ query }) {
    const [applied, provider] = await Promise.all([
      applicationEmailTaken(query.email),
      providerLoginExists(query.email),
    ]);
    return { body: { exists: applied || provider } };
  },
});
