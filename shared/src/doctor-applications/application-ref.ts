import * as z from 'zod';
import { APPLICATION_ID_MESSAGES, applicationIdSchema } from './application-id';

/**
 * How the admin routes name an application (spec doc 2 §7: `/api/admin/applications/{id}/…`,
 * `/api/doctor-applications/{id}/attachments`): by the `id` of the admin list item (a UUID) or
 * by the application id the doctor was given (`APP-XXXX-XXXX`, with or without the prefix).
 * The two never look alike (an application id is at most 32 characters of `A-Z0-9-`; a UUID
 * has 36), so the shape decides which one was given.
 */
export type ApplicationRef =
  { kind: 'id'; id: string } | { kind: 'applicationId'; applicationId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const applicationRefSchema = z
  .string({ error: APPLICATION_ID_MESSAGES.required })
  .transform((raw, context): ApplicationRef => {
    const trimmed = raw.trim();
    if (UUID.test(trimmed)) return { kind: 'id', id: trimmed.toLowerCase() };
    const parsed = applicationIdSchema.safeParse(trimmed);
    if (parsed.success) return { kind: 'applicationId', applicationId: parsed.data };
    context.addIssue({
      code: 'custom',
      message: parsed.error.issues[0]?.message ?? APPLICATION_ID_MESSAGES.invalid,
    });
    return z.NEVER;
  });

/** Path parameters of the admin review routes (`{id}`). */
export const applicationRefParamsSchema = z.object({ id: applicationRefSchema });
