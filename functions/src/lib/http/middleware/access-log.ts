import { findRequestState } from '../request-state';
import type { HttpMiddleware } from '../types';

/** One info line per answered request: its status and how long it took. */
export function accessLog(): HttpMiddleware {
  return {
    after: ({ event, response }) => {
      const state = findRequestState(event);
      state?.log.info('request completed', {
        status: response?.statusCode,
        durationMs: state ? Date.now() - state.startedAt : undefined,
      });
    },
  };
}
