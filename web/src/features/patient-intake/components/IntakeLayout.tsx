import { BadgeCheck, Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { FeatureBadges } from '@web/components/FeatureBadges';
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
          <FeatureBadges
            label="About this service"
            badges={[
              { icon: BadgeCheck, text: 'Licensed Doctors' },
              { icon: Lock, text: 'HIPAA Compliant' },
              { icon: Sparkles, text: FREE_TESTING_BADGE, tone: 'highlight' },
            ]}
          />
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
