import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { openRoomSession } from './room-session';

/**
 * POST /api/rooms/{meetingId}/session (public: the token in the body is the capability). Called
 * on entry and again for fresh TURN credentials and a fresh `/ws` ticket. Rate-limited per
 * client like the other capability lookups.
 */
export const handler = httpHandler(routes.joinRoom, {
  rateLimit: ({ clientIp }) => rateLimitFor('roomSession', clientIp),
  async handle({ params, body, log }) {
    return { body: await openRoomSession(params.meetingId, body.role, body.token, log) };
  },
});
