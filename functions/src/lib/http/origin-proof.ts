import { refreshSecrets } from '../secrets';
import { cameThroughCloudFront, originVerifyRequired } from './client-address';

/** How often a container may fetch the secrets again on a request with a wrong proof. */
export const ORIGIN_SECRET_REFRESH_MS = 60_000;

type HeaderEvent = { headers?: Record<string, string | undefined> };

/**
 * Whether a request may be served: it carries CloudFront's `x-origin-verify`, or no secret is
 * configured (sam local, a bare handler). A wrong value first reloads the secrets, at most once
 * a minute per container, in case the secret was rotated since this container's cold start.
 */
export async function provesCloudFront(event: HeaderEvent): Promise<boolean> {
  if (!originVerifyRequired() || cameThroughCloudFront(event)) return true;
  return (await refreshSecrets(ORIGIN_SECRET_REFRESH_MS)) && cameThroughCloudFront(event);
}
