import { checkEmailResponseSchema } from '@shared/doctor-applications/submit';
import { apiRequest } from '@web/lib/api';

export function checkEmailUrl(email: string): string {
  return `/api/providers/check-email?email=${encodeURIComponent(email)}`;
}

/** `GET /api/providers/check-email?email=` (spec doc 2 §7): is the address already registered? */
export async function checkProviderEmail(
  email: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<boolean> {
  const res = await apiRequest('GET', checkEmailUrl(email), undefined, { signal });
  return checkEmailResponseSchema.parse(await res.json()).exists;
}
