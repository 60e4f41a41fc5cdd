import { saveConnection } from '../../db/connections';
import { SESSION_COOKIE } from '../../lib/auth/cookies';
import { resolveSession } from '../../lib/auth/sessions';
import { webSocketHandler, type WebSocketEvent } from '../../lib/realtime/handler';

/** The session token from the upgrade request's Cookie header (browsers send it on `/ws`). */
function sessionToken(event: WebSocketEvent): string | undefined {
  const headers = (event as WebSocketEvent & { headers?: Record<string, string | undefined> })
    .headers;
  const cookieHeader = Object.entries(headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'cookie',
  )?.[1];
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * `$connect`: only signed-in providers may listen to case alerts (they carry symptoms), so the
 * connection is refused (401/403) without a live provider session, else remembered.
 */
export const handler = webSocketHandler(async (event) => {
  const token = sessionToken(event);
  if (!token) return 401;
  const session = await resolveSession(token);
  if (!session) return 401;
  if (session.role !== 'provider') return 403;
  await saveConnection(event.requestContext.connectionId);
  return 200;
});
