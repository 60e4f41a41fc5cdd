import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRegionSetting } from '@shared/triage/regions';
import type { RegionSetting } from '@shared/triage/types';
import { CLIENT_CONFIG_QUERY_KEY } from './client-config-key';
import { fetchRawConfig } from './raw-config';

/**
 * The server's triage region (`TRIAGE_REGION` in `GET /api/config`), for the intake's analyser:
 * undefined (the default region) until it is known, if it cannot be fetched or is not a region
 * the analyser knows. Read without the config contract: the intake reads it as it mounts, and
 * the contract's zod would then be part of the page's load (issue 29 item 6). Its own query key:
 * the contract's query (`useClientConfig`) keeps only answers its schema checked.
 */
export function useTriageRegion(): RegionSetting | undefined {
  // Through `queryOptions`, as `clientConfigQueryOptions`: the app's react-query code then stays
  // one chunk (a split adds an import to every page, and /provider/apply has no room for it).
  return (
    useQuery(
      queryOptions({
        queryKey: [...CLIENT_CONFIG_QUERY_KEY, 'triageRegion'],
        queryFn: async ({ signal }) => {
          const region = ((await fetchRawConfig(signal)) as { triageRegion?: unknown } | null)
            ?.triageRegion;
          return isRegionSetting(region) ? region : null;
        },
        staleTime: Infinity,
        gcTime: Infinity,
      }),
    ).data ?? undefined
  );
}
