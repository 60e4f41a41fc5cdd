import { Slot } from './slot';
import type * as React from 'react';
import { cn } from '@web/lib/utils';

// The card's and its parts' defaults are classes of the components layer (index.css):
// a caller's utilities (`text-2xl`, `pt-6`) override them.

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('ui-card-header', className)} {...props} />;
}

/** A `div` by default; pass `asChild` with a heading element to give the card its outline level. */
export function CardTitle({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'div';
  return <Comp className={cn('ui-card-title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p className={cn('ui-card-description', className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('ui-card-content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('ui-card-footer', className)} {...props} />;
}
