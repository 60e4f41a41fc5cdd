import { assertSameOrigin } from '../origin';
import type { HttpMiddleware } from '../types';

/** Refuses cross-site state changes (DESIGN.md §6); used on routes that require it. */
export function sameOrigin(): HttpMiddleware {
  return {
    before: ({ event }) => {
      assertSameOrigin(event);
    },
  };
}
