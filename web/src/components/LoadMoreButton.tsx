import { ChevronDown, LoaderCircle } from 'lucide-react';
import { ErrorState } from '@web/components/states';
import { Button } from '@web/components/ui/button';

/** What the button reads of a paged list (`useInfiniteQuery`'s result fits). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "Load more" under a paged list (the provider dashboard, the admin lists): shown while another
 * page exists, busy while it loads, and after a failed load an error above it, so the person can
 * try again without losing what is shown.
 */
export function LoadMoreButton({ list, errorMessage }: { list: PagedList; errorMessage: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-3">
      {list.isFetchNextPageError && !list.isFetchingNextPage ? (
        <ErrorState message={errorMessage} className="w-full" />
      ) : null}
      <Button
        variant="outline"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
        aria-busy={list.isFetchingNextPage}
      >
        {list.isFetchingNextPage ? (
          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <ChevronDown aria-hidden="true" />
        )}
        Load more
      </Button>
    </div>
  );
}

/**
 * Whether the list as a whole failed to load. A failed "Load more" also puts an infinite query
 * in error, but what was shown stays, with the error next to the button.
 */
export function listFailed(list: { isError: boolean; isFetchNextPageError: boolean }): boolean {
  return list.isError && !list.isFetchNextPageError;
}
