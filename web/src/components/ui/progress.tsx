import type * as React from 'react';
import { cn } from '@web/lib/utils';

/** A determinate progress bar (0-100). Give it an accessible name with `aria-label`. */
export function Progress({
  value,
  className,
  indicatorClassName,
  ...props
}: Omit<React.ComponentProps<'div'>, 'role' | 'children'> & {
  value: number;
  indicatorClassName?: string;
}) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        className={cn('h-full bg-primary transition-[width] duration-300', indicatorClassName)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
