import { refreshSecrets } from '../secrets';
import { acceptedOriginSecrets, cameThroughCloudFront } from './client-address';

/** How often a container may fetch the secrets again on a request with a wrong proof. */
export const ORIGIN_SECRET_REFRESH_MS = 60_000;

type HeaderEvent = { headers?: Record<string, string | undefined> };

/**
 * What the origin check concludes: `proven` (CloudFront sent it), `refused` (no header or a
 * wrong one: someone called API Gateway's own address), or `unconfigured` (this function holds
 * no origin-verify value: a deploy or secret error, refused too, and logged as such).
 */
export type OriginProof = 'proven' | 'refused' | 'unconfigured';

/**
 * Checks CloudFront's `x-origin-verify` against the current and the previous value of the
 * secret. A wrong value first reloads the secrets, at most once a minute per container, in case
 * the secret was rotated since this container last read it (`SECRETS_MAX_AGE_MS` bounds that
 * too). Used by the gateway's authorizer (`features/edge/origin-authorizer`) and again by every
 * handler, so neither trusts the other's configuration.
 */
export async function checkOriginProof(event: HeaderEvent): Promise<OriginProof> {
  if (cameThroughCloudFront(event)) return 'proven';
  if (await refreshSecrets(ORIGIN_SECRET_REFRESH_MS)) {
    if (cameThroughCloudFront(event)) return 'proven';
  }
  return acceptedOriginSecrets().length > 0 ? 'refused' : 'unconfigured';
}
