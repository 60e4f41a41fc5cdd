/** The browser says it has no network (`navigator.onLine` is false). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Chrome 'Failed to fetch', Firefox 'NetworkError when attempting…', Safari 'Load failed'. */
const NETWORK_FAILURE = /fetch|network|load failed/i;

/**
 * A request that never reached the server: fetch rejects with a TypeError when the network is
 * down. An answer from the server is never a network error, whatever `navigator.onLine` says.
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}
