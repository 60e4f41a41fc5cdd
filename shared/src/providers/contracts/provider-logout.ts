import { defineRoute } from '../../http/contract';
import { noContentSchema } from '../../http/no-content';

/** Ends the session on the server, clears the cookie and closes the provider's alert sockets. */
export const providerLogout = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/provider/logout',
  response: noContentSchema,
});
