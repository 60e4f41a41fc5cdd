import type { BearerAuth } from '@web/lib/api';
import { clearProviderSession } from './session';

/**
 * The provider session on a call: the HttpOnly cookie goes with every call, so there is no
 * token; a 401 means the session ended (expired, signed out elsewhere, approval withdrawn), so
 * the stored display values go and the login form comes back.
 */
export const providerAuth: BearerAuth = { token: null, onUnauthorized: clearProviderSession };
