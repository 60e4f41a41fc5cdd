import { useId, type ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** A titled group of label/value pairs (a description list). */
export function DetailSection({
  title,
  columns = 2,
  children,
}: {
  title: string;
  columns?: 1 | 2;
  /** `DetailField`s. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      <dl
        className={cn(
          'grid gap-x-6 gap-y-3 rounded-lg bg-muted/60 p-4 text-sm',
          columns === 2 && 'sm:grid-cols-2',
        )}
      >
        {children}
      </dl>
    </section>
  );
}

export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
