import { Slot } from './slot';
import { variants, type VariantProps } from './variants';
import type * as React from 'react';
import { cn } from '@web/lib/utils';

/** Class names of the components layer (index.css), so a caller's utilities override them. */
export const buttonVariants = variants(
  'ui-button',
  {
    variant: {
      default: 'ui-button-default',
      destructive: 'ui-button-destructive',
      outline: 'ui-button-outline',
      secondary: 'ui-button-secondary',
      ghost: 'ui-button-ghost',
      link: 'ui-button-link',
    },
    size: {
      default: 'ui-button-size-default',
      sm: 'ui-button-size-sm',
      lg: 'ui-button-size-lg',
      xl: 'ui-button-size-xl',
      icon: 'ui-button-size-icon',
    },
  },
  { variant: 'default', size: 'default' },
);

export interface ButtonProps
  extends React.ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a router `Link`) with button styling. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return <Comp className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
