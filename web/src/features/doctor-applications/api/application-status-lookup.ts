import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ApplicationStatusLookup } from './get-application-status';

export type UseApplicationStatusLookupOptions = Omit<
  UseMutationOptions<ApplicationStatusLookup, Error, string>,
  'mutationFn' | 'mutationKey'
>;

/**
 * An on-demand lookup, hence a mutation: every press of the button asks the server again (the
 * query cache never goes stale), and a new lookup clears the previous answer. The request code
 * loads with the first lookup: the landing page, where this box sits, shows without it.
 */
export function useApplicationStatusLookup(options: UseApplicationStatusLookupOptions = {}) {
  return useMutation({
    ...options,
    mutationKey: ['doctor-applications', 'status-lookup'],
    mutationFn: async (applicationId: string) => {
      const { getApplicationStatus } = await import('./get-application-status');
      return getApplicationStatus(applicationId);
    },
  });
}
