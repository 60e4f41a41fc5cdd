import { errorEnvelopeSchema, type ErrorEnvelope } from '@shared/http/error-envelope';
import { ApiError } from '@web/lib/api';

/** The API's error body inside an {@link ApiError} (`{status}: {body}`); null for anything else. */
export function errorEnvelopeOf(error: unknown): ErrorEnvelope | null {
  if (!(error instanceof ApiError)) return null;
  const text = error.message.slice(`${error.status}: `.length).trim();
  try {
    const parsed = errorEnvelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // A gateway page or plain text.
    return null;
  }
}
