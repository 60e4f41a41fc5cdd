import type { BearerAuth } from '@web/lib/api';
import { clearAdminSession, getAdminToken } from './session';

/**
 * The admin session on a call (`request(contract, { auth: adminAuth() })`): cookies go with every
 * call, and the admin token as `Authorization: Bearer` (spec doc 2 §3). A 401 means the session
 * is gone: the stored token and id are cleared (which shows the login form). A 401 answering a
 * token that has since been replaced (signed in again meanwhile) clears nothing.
 */
export function adminAuth(): BearerAuth {
  const token = getAdminToken();
  return {
    token,
    onUnauthorized: () => {
      if (getAdminToken() === token) clearAdminSession();
    },
  };
}
