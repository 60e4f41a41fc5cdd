import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '@shared/config/client-config';
import { apiRequest } from '@web/lib/api';

export const CLIENT_CONFIG_URL = '/api/config';

export type { ClientConfig };

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
