import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENT_CONFIG_QUERY_KEY } from './client-config-key';

/**
 * The server's wait promise (`WAIT_PROMISE_MINUTES` in `GET /api/config`, issue 28 item 3):
 * the query of the minutes, undefined until known. As `useTriageRegion`, the fetcher and its
 * schema load on demand (the landing page stays without zod), and the answer is the one cached
 * client config query.
 */
export function useWaitPromiseMinutes() {
  return useQuery(
    queryOptions({
      queryKey: CLIENT_CONFIG_QUERY_KEY,
      queryFn: async ({ signal }) =>
        (await import('./get-client-config')).getClientConfig({ signal }),
      staleTime: Infinity,
      gcTime: Infinity,
      select: (config) => config.waitPromiseMinutes,
    }),
  );
}
