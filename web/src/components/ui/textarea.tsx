import type * as React from 'react';
import { cn } from '@web/lib/utils';

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn('ui-textarea', className)} {...props} />;
}
