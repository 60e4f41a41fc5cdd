import { createHmac, randomBytes } from 'node:crypto';
import type { IceServer } from '@shared/meetings/room';

/** TURN REST credentials live this long (as Kinesis Video's do): 5 minutes. */
export const TURN_CREDENTIAL_LIFETIME_SECONDS = 300;

/**
 * Time-limited TURN credentials of the TURN REST API (coturn's `--use-auth-secret
 * --static-auth-secret`): the username is `{expiry epoch seconds}:{random}`, the password the
 * base64 HMAC-SHA1 of the username with the shared secret. coturn recomputes it and refuses
 * the username once its expiry has passed, so no credential outlives a few minutes.
 */
export function turnRestCredentials(
  urls: readonly string[],
  secret: string,
  now = Date.now(),
): IceServer {
  const expiresAt = Math.floor(now / 1000) + TURN_CREDENTIAL_LIFETIME_SECONDS;
  const username = `${expiresAt}:${randomBytes(8).toString('hex')}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { urls: [...urls], username, credential };
}
