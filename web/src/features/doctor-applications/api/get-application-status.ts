import {
  ApiError,
  envelopeOf,
  errorEnvelopeOf,
  send,
  urlOf,
  type ApiErrorEnvelope,
} from '@web/lib/api';
import type { ApplicationStatusAnswer } from '../lib/status-answer';

export type { ApplicationStatusAnswer };

/** What a lookup can mean to the user; any other outcome throws. */
export type ApplicationStatusLookup =
  { found: true; application: ApplicationStatusAnswer } | { found: false; message: string };

/**
 * The route's contract is `getApplicationStatus` of `@shared/doctor-applications/contracts`, but
 * that module brings zod (about 23 kB gzip), which the landing page (where this lookup sits)
 * loads only with the first lookup. So the path is repeated here, and
 * get-application-status.test.ts checks it against the contract.
 */
export const applicationStatusRoute = {
  method: 'GET',
  path: '/api/doctor-applications/status/{applicationId}',
} as const;

export function applicationStatusUrl(applicationId: string): string {
  return urlOf(applicationStatusRoute, { params: { applicationId: applicationId.trim() } });
}

/** Answers that mean "no such application": 404, or 400 for an id that cannot exist. */
const NOT_FOUND_STATUSES = new Set([400, 404]);

/** The `{ success: false, message }` answer of an unknown id. */
function notFoundMessage(envelope: ApiErrorEnvelope | undefined): string | undefined {
  return envelope?.success === false ? envelope.message : undefined;
}

/**
 * `GET /api/doctor-applications/status/{id}` (spec doc 2 §7). The server accepts the id with or
 * without the `APP-` prefix. `{ success: false }` answers resolve to `found: false`; rate limits,
 * server errors, network failures and unreadable bodies reject.
 */
export async function getApplicationStatus(
  applicationId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApplicationStatusLookup> {
  // The answer schema loads with the first lookup, while the call is on its way.
  const answerSchema = import('../lib/status-answer');
  let answer: unknown;
  try {
    const res = await send(applicationStatusRoute, {
      params: { applicationId: applicationId.trim() },
      signal,
    });
    answer = await res.json();
  } catch (error) {
    const message =
      error instanceof ApiError && NOT_FOUND_STATUSES.has(error.status)
        ? notFoundMessage(envelopeOf(error))
        : undefined;
    if (message !== undefined) return { found: false, message };
    throw error;
  }
  const okMessage = notFoundMessage(errorEnvelopeOf(answer));
  if (okMessage !== undefined) return { found: false, message: okMessage };
  const { applicationStatusAnswerSchema } = await answerSchema;
  return { found: true, application: applicationStatusAnswerSchema.parse(answer) };
}

/** Query key of one application's status (the status page). */
export function applicationStatusQueryKey(applicationId: string) {
  return ['doctor-applications', 'status', applicationId] as const;
}
