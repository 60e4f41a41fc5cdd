import { LoaderCircle } from 'lucide-react';

/** Shown in the main landmark while the first page's chunk loads. */
export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">Loading page...</span>
    </div>
  );
}
