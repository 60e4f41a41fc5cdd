import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegionSetting } from '@shared/triage/types';
import { CLIENT_CONFIG_QUERY_KEY } from './client-config-key';

/**
 * The server's triage region (`TRIAGE_REGION` in `GET /api/config`), for the intake's analyser:
 * undefined (the default region) until it is known or if it cannot be fetched. The fetcher and
 * its schema load on demand, so the intake page's first load stays without zod; the answer is
 * the same cached query as `useClientConfig`.
 */
export function useTriageRegion(): RegionSetting | undefined {
  // Through `queryOptions`, as `clientConfigQueryOptions`: the app's react-query code then stays
  // one chunk (a split adds an import to every page, and /provider/apply has no room for it).
  return useQuery(
    queryOptions({
      queryKey: CLIENT_CONFIG_QUERY_KEY,
      queryFn: async ({ signal }) =>
        (await import('./get-client-config')).getClientConfig({ signal }),
      staleTime: Infinity,
      gcTime: Infinity,
      select: (config) => config.triageRegion,
    }),
  ).data;
}
