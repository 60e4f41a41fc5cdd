import type { IncomingHttpHeaders } from 'node:http';
import { authenticationError } from './errors';

/** Test-mode secret and restricted keys; the stand-in has one account, so any such key works. */
const TEST_KEY = /^(sk|rk)_test_[A-Za-z0-9_]+$/;

function redact(key: string): string {
  return key.length > 12
    ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`
    : '****';
}

/**
 * The API key from `Authorization: Bearer <key>` (stripe-node) or Basic auth with the key as
 * user name (curl -u sk_test_…:). Throws Stripe's 401 errors.
 */
export function requireApiKey(headers: IncomingHttpHeaders): string {
  const header = headers.authorization ?? '';
  let key = '';
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer') key = value;
  if (scheme.toLowerCase() === 'basic') {
    key = Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  }
  if (!key) {
    throw authenticationError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!TEST_KEY.test(key)) {
    throw authenticationError(
      `Invalid API Key provided: ${redact(key)}. The local Stripe stand-in accepts test-mode secret keys (sk_test_…) only.`,
    );
  }
  return key;
}
