import type * as React from 'react';
import { cn } from '@web/lib/utils';

/**
 * A `<label>` with Radix Label's one behaviour: a double click on the label's own text does not
 * select it (a click on a control inside it is left alone). Radix's package brought its Slot and
 * primitive to every page with a form, 1.7 kB gzip (issue 29 item 6).
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    <label
      className={cn(
        'text-sm font-medium leading-none text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
