import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a prerendered page renders on the server and while it hydrates, true once React
 * owns the page (at once on a page rendered in the browser). A control whose handler only works
 * with React (a form that must not submit natively) stays disabled until then; hydration sees
 * the server's value, so there is no mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
