import { LinkIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** Spec doc 1 §2: a visit link whose case id is malformed or unknown. */
export function InvalidVisitLink() {
  useDocumentTitle('Invalid Visit Link');
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-danger-soft text-destructive">
        <LinkIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Invalid Visit Link</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        This visit link is not valid or has expired
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/patient-telehealth">Start New Consultation</Link>
      </Button>
    </section>
  );
}
