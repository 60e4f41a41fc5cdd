import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

const TONES = {
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
} as const;

/** The top of a payment outcome page: a round icon badge, the `h1` and its lead text. */
export function PaymentHero({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <span className={cn('mx-auto grid size-16 place-items-center rounded-full', TONES[tone])}>
        <Icon className="size-9" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{children}</p>
    </>
  );
}
