import { isProviderSessionCurrent } from '#lib/auth/authorize';
import { sessionCookieToken } from '#lib/auth/cookies';
import { patientKeyOf } from '#lib/auth/patient-key';
import { resolveSession } from '#lib/auth/sessions';
import { httpHandler, type HttpEvent } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { openRoomSession } from './room-session';

/**
 * The provider signed in on this browser and the session's id, if any: the doctor's room also
 * needs the doctor's own session (the route is public, so the framework does not resolve it).
 */
async function signedInProvider(
  event: HttpEvent,
): Promise<{ id: string; sessionId: string } | null> {
  const token = sessionCookieToken(event);
  const session = token ? await resolveSession(token) : null;
  if (session?.role !== 'provider' || session.mustChangePassword) return null;
  if (!(await isProviderSessionCurrent(session))) return null;
  return { id: session.subjectId, sessionId: session.id };
}

/**
 * POST /api/rooms/{meetingId}/session (public: the token in the body is the capability; the
 * doctor's room also needs the claimer's session, the patient's room the patient's key). Called on entry and again for fresh TURN
 * credentials and a fresh `/ws` ticket. Rate-limited per client like the other capability
 * lookups.
 */
export const handler = httpHandler(routes.joinRoom, {
  rateLimit: ({ clientIp }) => rateLimitFor('roomSession', clientIp),
  async handle({ params, body, event, log }) {
    const provider = body.role === 'provider' ? await signedInProvider(event) : null;
    const patientKey = body.role === 'patient' ? patientKeyOf(event) : null;
    return {
      body: await openRoomSession(
        { meetingId: params.meetingId, role: body.role, token: body.token, provider, patientKey },
        log,
      ),
    };
  },
});
