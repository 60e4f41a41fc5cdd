import { loadSecrets } from '../../secrets';
import type { HttpMiddleware } from '../types';

/** Cloud secrets are fetched once per cold start, before anything may need them. */
export function secrets(): HttpMiddleware {
  return {
    before: async () => {
      await loadSecrets();
    },
  };
}
