import { defineRoute } from '../../http/contract';
import { providerSessionSchema } from '../api';

/**
 * The signed-in provider behind the session cookie, for a page reload: the browser keeps only
 * display data (spec doc 2 §3), so the dashboard asks the server whether the session still holds.
 * 401 when it does not. Allowed while a password change is required.
 */
export const providerMe = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/provider/me',
  response: providerSessionSchema,
});
