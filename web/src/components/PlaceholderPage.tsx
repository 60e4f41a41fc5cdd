import { ArrowLeft, Construction } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Stands in for a page whose feature is not built yet: its real title and a way home. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary">
        <Construction className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        This part of the service is being built and will be available soon.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </section>
  );
}
