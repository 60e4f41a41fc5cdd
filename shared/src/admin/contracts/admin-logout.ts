import { defineRoute } from '../../http/contract';
import { noContentSchema } from '../../http/no-content';

/** Ends the session on the server. */
export const adminLogout = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/admin/logout',
  response: noContentSchema,
});
