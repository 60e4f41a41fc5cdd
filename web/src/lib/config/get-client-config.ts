import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@shared/config/client-config';
import { getClientConfig as getClientConfigRoute } from '@shared/config/contracts';
import { request } from '@web/lib/api';

export type { ClientConfig };

export async function getClientConfig({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ClientConfig> {
  return request(getClientConfigRoute, { signal });
}

/** Fetched once per page load and kept: the settings do not change while the app runs. */
export function clientConfigQueryOptions() {
  return queryOptions({
    // The key `useTriageRegion` shares (client-config-key.ts; the test checks they are equal).
    queryKey: [getClientConfigRoute.path],
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
