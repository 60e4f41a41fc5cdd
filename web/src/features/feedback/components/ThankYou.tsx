import { CircleCheckBig, Home, Stethoscope } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ratingLabels } from '@shared/cases/feedback';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import type { Rating } from './StarRating';
import { paths } from '@web/lib/paths';

const NEXT_STEPS = [
  'Follow the advice your provider gave you during the consultation.',
  'If your symptoms get worse, request another consultation.',
  'In an emergency, call 911.',
] as const;

/** After a submit (spec doc 1 §2): 'Thank You!' with the rating label, next steps, two ways on. */
export function ThankYou({ rating }: { rating: Rating }) {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardContent className="grid justify-items-center gap-5 p-8 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-success-soft text-success">
          <CircleCheckBig className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">Thank You!</h1>
        <p className="text-lg">
          You rated your consultation: <strong>{ratingLabels[rating]}</strong>
        </p>
        <p className="rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success">
          Feedback Submitted
        </p>
        <section aria-labelledby="next-steps-title" className="grid w-full gap-2 text-left">
          <h2 id="next-steps-title" className="font-semibold">
            Next steps
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.patient}>
              <Stethoscope aria-hidden="true" />
              Start New Consultation
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.home}>
              <Home aria-hidden="true" />
              Return to Home
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
