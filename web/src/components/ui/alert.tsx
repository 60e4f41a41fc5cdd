import type * as React from 'react';
import { cn } from '@web/lib/utils';
import { variants, type VariantProps } from './variants';

/** Class names of the components layer (index.css), so a caller's utilities override them. */
export const alertVariants = variants(
  'ui-alert',
  {
    variant: {
      default: 'ui-alert-default',
      destructive: 'ui-alert-destructive',
      success: 'ui-alert-success',
      warning: 'ui-alert-warning',
    },
  },
  { variant: 'default' },
);

export function Alert({
  className,
  variant,
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('ui-alert-title', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('ui-alert-description', className)} {...props} />;
}
