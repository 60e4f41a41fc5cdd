import { LoaderCircle } from 'lucide-react';

/**
 * Shown in the main landmark while the first page's chunk loads. Its `data-page-loading` hides
 * the footer meanwhile (index.css): a footer shown under the spinner would be pushed down the
 * screen when the page replaces it, a layout shift (CLS 0.23 on the intake page).
 */
export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" data-page-loading>
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">Loading page...</span>
    </div>
  );
}
