import { BadgeCheck, Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { FREE_TESTING_BADGE, FREE_TESTING_TEXT } from '../lib/messages';

/** The request pages: a header with the page title and the FREE testing note, then the content. */
export function IntakeLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <section
        aria-labelledby="intake-title"
        className="bg-linear-to-b from-primary-soft via-primary-soft/60 to-surface"
      >
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-6 sm:px-6 sm:pt-14">
          <ul className="flex flex-wrap gap-2" aria-label="About this service">
            <li>
              <Badge variant="outline" className="bg-background">
                <BadgeCheck className="text-primary" aria-hidden="true" />
                Licensed Doctors
              </Badge>
            </li>
            <li>
              <Badge variant="outline" className="bg-background">
                <Lock className="text-primary" aria-hidden="true" />
                HIPAA Compliant
              </Badge>
            </li>
            <li>
              <Badge variant="success">
                <Sparkles aria-hidden="true" />
                {FREE_TESTING_BADGE}
              </Badge>
            </li>
          </ul>
          <h1
            id="intake-title"
            className="mt-5 text-3xl font-extrabold tracking-tight text-balance text-foreground sm:text-4xl"
          >
            {title}
          </h1>
          <div className="mt-3 text-lg text-muted-foreground">{intro}</div>
          <p className="mt-3 text-sm font-medium text-success-foreground">{FREE_TESTING_TEXT}</p>
        </div>
      </section>
      <div className="mx-auto w-full max-w-3xl px-4 pb-16 sm:px-6">{children}</div>
    </>
  );
}
