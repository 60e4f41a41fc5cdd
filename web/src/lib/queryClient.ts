import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, send } from './api';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function (spec doc 1 §7): GET the first element of the query key with
 * cookies and parse the JSON answer. A 401 either resolves to `null` or throws (the default).
 */
export function getQueryFn<T>(
  options: { on401?: UnauthorizedBehavior } = {},
): QueryFunction<T | null> {
  const on401 = options.on401 ?? 'throw';
  return async ({ queryKey, signal }) => {
    const [url] = queryKey;
    if (typeof url !== 'string') {
      throw new TypeError('The first element of a query key must be the URL to GET');
    }
    try {
      const res = await send({ method: 'GET', path: url }, { signal });
      return (await res.json()) as T;
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/**
 * Queries never refetch by themselves, never refetch on focus, never go stale and are never
 * retried; a query that polls sets its own `refetchInterval`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
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
