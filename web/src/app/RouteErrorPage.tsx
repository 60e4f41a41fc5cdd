import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MessagePage } from '@web/components/MessagePage';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { paths } from '@web/lib/paths';

/** Any error while loading or rendering a page (for example a chunk gone after a deploy). */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Something Went Wrong');

  useEffect(() => {
    console.error('Page failed to load or render:', error instanceof Error ? error.message : error);
  }, [error]);

  return (
    <MessagePage
      icon={TriangleAlert}
      tone="danger"
      title="Something Went Wrong"
      actions={
        <>
          <Button size="lg" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload Page
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.home}>Go Home</Link>
          </Button>
        </>
      }
    >
      This page could not be shown. Please reload the page, or go back to the home page.
    </MessagePage>
  );
}
