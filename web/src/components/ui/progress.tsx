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
      className={cn('ui-progress', className)}
      {...props}
    >
      <div
        // `ui-progress-indicator` (index.css, components layer): a caller's colour wins.
        className={cn('ui-progress-indicator', indicatorClassName)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
