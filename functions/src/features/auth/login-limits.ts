import { consumeRateLimit, enforceRateLimit } from '../../lib/rate-limit';
import { rateLimitFor } from '../../lib/rate-limits';
import { HttpError } from '../../lib/errors';

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a minute and try again.';

/**
 * Sign-in limits (issue 4): per client address, and per account so that a guesser spreading
 * over many addresses is stopped too. The account limit is a one-minute window: the 11th
 * attempt in a minute is refused, and the real owner is back in within a minute.
 */
export async function limitSignIn(kind: 'admin' | 'provider', clientIp: string, account: string) {
  await enforceRateLimit(rateLimitFor('signInClient', `${kind}:${clientIp}`));
  const perAccount = await consumeRateLimit(rateLimitFor('signInAccount', `${kind}:${account}`));
  if (!perAccount.allowed) {
    throw new HttpError(
      429,
      TOO_MANY_SIGN_INS,
      {},
      { 'retry-after': String(perAccount.retryAfterSeconds) },
    );
  }
}
