import { BadgeCheck, Clock, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { FeatureBadges } from '@web/components/FeatureBadges';
import { REVIEW_TIME } from '../lib/messages';

/** The doctor pages: a header band with the page title (the page's one h1), then the content. */
export function ProviderPageLayout({
  title,
  intro,
  children,
  width = 'max-w-4xl',
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  width?: 'max-w-3xl' | 'max-w-4xl';
}) {
  return (
    <>
      <section
        aria-labelledby="provider-page-title"
        className="bg-linear-to-b from-primary-soft via-primary-soft/60 to-surface"
      >
        <div className={`mx-auto ${width} px-4 pt-10 pb-6 sm:px-6 sm:pt-14`}>
          <FeatureBadges
            label="About the provider network"
            badges={[
              { icon: BadgeCheck, text: 'Licensed Doctors' },
              { icon: ShieldCheck, text: 'Verified Credentials' },
              { icon: Clock, text: `Review in ${REVIEW_TIME}` },
            ]}
          />
          <h1
            id="provider-page-title"
            className="mt-5 text-3xl font-extrabold tracking-tight text-balance text-foreground sm:text-4xl"
          >
            {title}
          </h1>
          <div className="mt-3 text-lg text-muted-foreground">{intro}</div>
        </div>
      </section>
      <div className={`mx-auto w-full ${width} px-4 pb-16 sm:px-6`}>{children}</div>
    </>
  );
}
