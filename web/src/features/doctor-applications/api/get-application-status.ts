import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { throwIfResNotOk } from '@web/lib/api';
import type { ApplicationStatusAnswer } from '../lib/status-answer';

export type { ApplicationStatusAnswer };

/** What a lookup can mean to the user; any other outcome throws. */
export type ApplicationStatusLookup =
  { found: true; application: ApplicationStatusAnswer } | { found: false; message: string };

export function applicationStatusUrl(applicationId: string): string {
  return `/api/doctor-applications/status/${encodeURIComponent(applicationId.trim())}`;
}

/** Answers that mean "no such application": 404, or 400 for an id that cannot exist. */
const NOT_FOUND_STATUSES = new Set([400, 404]);

/**
 * The answer schemas, loaded with the first lookup: they bring zod (about 23 kB gzip), which
 * the landing page should not wait for before it paints.
 */
async function loadSchemas() {
  const [{ applicationStatusAnswerSchema }, { errorEnvelopeSchema }] = await Promise.all([
    import('../lib/status-answer'),
    import('@shared/http/error-envelope'),
  ]);
  return { applicationStatusAnswerSchema, errorEnvelopeSchema };
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
  const [res, { applicationStatusAnswerSchema, errorEnvelopeSchema }] = await Promise.all([
    fetch(applicationStatusUrl(applicationId), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    }),
    loadSchemas(),
  ]);

  if (res.ok || NOT_FOUND_STATUSES.has(res.status)) {
    const answer = errorEnvelopeSchema.safeParse(
      await res
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (answer.success && answer.data.success === false) {
      return { found: false, message: answer.data.message };
    }
  }

  await throwIfResNotOk(res);
  return { found: true, application: applicationStatusAnswerSchema.parse(await res.json()) };
}

/** Query key of one application's status (the status page). */
export function applicationStatusQueryKey(applicationId: string) {
  return ['doctor-applications', 'status', applicationId] as const;
}

export type UseApplicationStatusLookupOptions = Omit<
  UseMutationOptions<ApplicationStatusLookup, Error, string>,
  'mutationFn' | 'mutationKey'
>;

/**
 * An on-demand lookup, hence a mutation: every press of the button asks the server again (the
 * query cache never goes stale), and a new lookup clears the previous answer.
 */
export function useApplicationStatusLookup(options: UseApplicationStatusLookupOptions = {}) {
  return useMutation({
    ...options,
    mutationKey: ['doctor-applications', 'status-lookup'],
    mutationFn: (applicationId: string) => getApplicationStatus(applicationId),
  });
}
