import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApplicationStatusLookup } from './get-application-status';

export interface UseApplicationStatusLookupOptions {
  onSuccess?: (result: ApplicationStatusLookup) => void;
  onError?: (error: unknown) => void;
}

export interface ApplicationStatusLookupState {
  /** Looks the id up; a new lookup clears the previous answer and supersedes a pending one. */
  mutate: (applicationId: string) => void;
  isPending: boolean;
  /** The answer of the latest lookup, once it has come. */
  data: ApplicationStatusLookup | undefined;
}

/**
 * An on-demand lookup: every press of the button asks the server again, and a new lookup clears
 * the previous answer. Plain React state rather than a TanStack mutation, so the landing page,
 * where this box sits, needs no query provider; the request code (and zod) loads with the first
 * lookup.
 */
export function useApplicationStatusLookup(
  options: UseApplicationStatusLookupOptions = {},
): ApplicationStatusLookupState {
  const [state, setState] = useState<{ isPending: boolean; data?: ApplicationStatusLookup }>({
    isPending: false,
  });
  // The callbacks of the latest render, and the number of the lookup whose answer counts.
  const callbacks = useRef(options);
  const latest = useRef(0);
  useEffect(() => {
    callbacks.current = options;
  });
  // After unmount no lookup counts.
  useEffect(() => () => void (latest.current = -1), []);

  const mutate = useCallback((applicationId: string) => {
    const lookup = ++latest.current;
    setState({ isPending: true });
    import('./get-application-status')
      .then(({ getApplicationStatus }) => getApplicationStatus(applicationId))
      .then(
        (data) => {
          if (lookup !== latest.current) return;
          setState({ isPending: false, data });
          callbacks.current.onSuccess?.(data);
        },
        (error: unknown) => {
          if (lookup !== latest.current) return;
          setState({ isPending: false });
          callbacks.current.onError?.(error);
        },
      );
  }, []);

  return { mutate, isPending: state.isPending, data: state.data };
}
