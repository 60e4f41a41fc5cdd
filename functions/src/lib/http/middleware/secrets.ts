import { loadSecrets } from '#lib/secrets';
import type { HttpMiddleware } from '../types';

/**
 * Cloud secrets are fetched once per cold start, before anything may need them. A warm request
 * awaits the promise of that one load (`loadSecrets` keeps it), not a new one of its own.
 */
export function secrets(): HttpMiddleware {
  return { before: () => loadSecrets() };
}
