import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

// Whole class strings (no `cn`): this component is in the entry chunk (the route error page).
const TONES = {
  primary: 'grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary',
  danger: 'grid size-14 place-items-center rounded-2xl bg-danger-soft text-destructive',
} as const;

/**
 * A page that is one centred message: an icon badge, the `h1` title (under an optional eyebrow
 * line), a short text and the actions (buttons) below it.
 */
export function MessagePage({
  icon: Icon,
  tone,
  eyebrow,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  eyebrow?: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      <span className={TONES[tone]}>
        <Icon className="size-7" aria-hidden="true" />
      </span>
      {eyebrow ? (
        <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">
          {eyebrow}
        </p>
      ) : null}
      <h1
        className={`text-3xl font-bold tracking-tight text-balance sm:text-4xl ${eyebrow ? 'mt-2' : 'mt-6'}`}
      >
        {title}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}
