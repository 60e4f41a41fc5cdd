import { checkProviderEmail as checkProviderEmailRoute } from '@shared/providers/contracts';
import { request, urlOf } from '@web/lib/api';

export function checkEmailUrl(email: string): string {
  return urlOf(checkProviderEmailRoute, { query: { email } });
}

/** `GET /api/providers/check-email?email=` (spec doc 2 §7): is the address already registered? */
export async function checkProviderEmail(
  email: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<boolean> {
  return (await request(checkProviderEmailRoute, { query: { email }, signal })).exists;
}
