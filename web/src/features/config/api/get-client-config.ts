import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '@web/lib/api';

export const CLIENT_CONFIG_URL = '/api/config';

/** `GET /api/config`: the browser's runtime settings (publishable key, Stripe.js, support). */
export const clientConfigSchema = z.object({
  stripePublishableKey: z.string().min(1),
  stripeJsUrl: z.string().min(1),
  supportEmail: z.string().min(1),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export async function getClientConfig({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ClientConfig> {
  const res = await apiRequest('GET', CLIENT_CONFIG_URL, undefined, { signal });
  return clientConfigSchema.parse(await res.json());
}

/** Fetched once per page load and kept: the settings do not change while the app runs. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: [CLIENT_CONFIG_URL],
    queryFn: ({ signal }) => getClientConfig({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}

/** The support address shown wherever the spec says `{email}`; undefined until it is known. */
export function useSupportEmail(): string | undefined {
  return useClientConfig().data?.supportEmail;
}
