import { QueryClient } from '@tanstack/react-query';

/**
 * Queries never refetch by themselves, never refetch on focus, never go stale and are never
 * retried; a query that polls sets its own `refetchInterval`. There is no default query
 * function: every query names its own, through its route's contract (`lib/api.ts`), so a query
 * without one fails loudly instead of guessing a URL from its key.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        // Requests are always tried: `navigator.onLine` is only a hint (wrong behind some VPNs
        // and proxies), and the app handles a real network failure itself (offline queue).
        networkMode: 'always',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

/** The app's client. Tests build their own with {@link createQueryClient}. */
export const queryClient = createQueryClient();
