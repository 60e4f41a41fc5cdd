import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { SiteShell } from '@web/components/layout/SiteShell';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Any error while loading or rendering a page (for example a chunk gone after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something Went Wrong');

  useEffect(() => {
    console.error('Page failed to load or render:', error instanceof Error ? error.message : error);
  }, [error]);

  return (
    <SiteShell>
      <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-danger-soft text-destructive">
          <TriangleAlert className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">Something Went Wrong</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          This page could not be shown. Please reload the page, or go back to the home page.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload Page
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/">Go Home</Link>
          </Button>
        </div>
      </section>
    </SiteShell>
  );
}
