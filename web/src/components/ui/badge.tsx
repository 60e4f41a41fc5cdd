import type * as React from 'react';
import { cn } from '@web/lib/utils';
import { variants, type VariantProps } from './variants';

export const badgeVariants = variants(
  // The base is a components-layer class (index.css), so a caller's utilities override it; the
  // variants, which callers do not override, stay utilities.
  'ui-badge',
  {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      outline: 'border-border bg-background text-foreground',
      success: 'border-green-200 bg-green-50 text-green-800',
      warning: 'border-yellow-300 bg-yellow-50 text-yellow-900',
      danger: 'border-red-200 bg-red-50 text-red-800',
    },
  },
  { variant: 'default' },
);

export interface BadgeProps
  extends React.ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
