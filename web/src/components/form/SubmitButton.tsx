import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';

/** A submit button that shows a spinner and `pendingText` while the form is sent. */
export function SubmitButton({
  pending,
  icon,
  pendingText,
  children,
  ...buttonProps
}: Omit<ComponentProps<typeof Button>, 'type'> & {
  pending: boolean;
  icon: ReactNode;
  pendingText?: ReactNode;
}) {
  return (
    <Button type="submit" {...buttonProps}>
      {pending ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : icon}
      {pending && pendingText !== undefined ? pendingText : children}
    </Button>
  );
}
