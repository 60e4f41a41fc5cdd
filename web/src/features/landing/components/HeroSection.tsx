import {
  ArrowRight,
  BadgeCheck,
  Clock,
  House,
  ShieldCheck,
  Sparkles,
  Video,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { FeatureBadges } from '@web/components/FeatureBadges';
import { DoctorsOnDuty } from '@web/components/doctors-on-duty/DoctorsOnDuty';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { WaitPromiseNote } from '@web/components/config/WaitPromiseNote';
import { paths } from '@web/lib/paths';

const highlights: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Clock,
    title: 'Available 24/7',
    text: 'Day or night, weekends and holidays included.',
  },
  {
    icon: Video,
    title: '15-minute video consultation',
    text: 'A private video call with a licensed doctor, right in your browser.',
  },
  {
    icon: House,
    title: 'Home nurse visit',
    text: 'Prefer to be seen in person? Choose a nurse visit to your home instead.',
  },
  {
    icon: ShieldCheck,
    title: 'HIPAA compliant',
    text: 'Your health information stays private and encrypted.',
  },
];

export function HeroSection() {
  return (
    <section
      aria-labelledby="landing-title"
      className="bg-linear-to-b from-primary-soft via-primary-soft/60 to-surface"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr] lg:py-24">
        <div>
          <FeatureBadges
            label="Why patients choose us"
            badges={[
              { icon: BadgeCheck, text: 'Licensed Doctors' },
              { icon: Zap, text: 'Quick Response' },
              { icon: Sparkles, text: 'FREE Testing', tone: 'highlight' },
            ]}
          />
          <h1
            id="landing-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl lg:text-6xl"
          >
            Get Healthcare Help Right Now
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground sm:text-xl">
            Talk to a licensed doctor in a private 15-minute video consultation, or have a nurse
            visit you at home. No account needed.
          </p>
          <Button asChild size="xl" className="mt-8 w-full shadow-md sm:w-auto">
            <Link to={paths.patientTelehealth}>
              <Video aria-hidden="true" />
              Start TeleHealth Visit
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <div className="mt-4">
            <DoctorsOnDuty />
          </div>
          <WaitPromiseNote className="mt-4 max-w-xl" />
        </div>

        <Card className="lg:ml-auto lg:max-w-md">
          <CardHeader className="pb-4">
            <CardTitle asChild>
              <h2>Care whenever you need it</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-5">
              {highlights.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <div>
                    <p className="font-semibold text-foreground">{title}</p>
                    <p className="text-sm text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
