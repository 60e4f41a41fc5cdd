import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';
import { useSupportEmail } from '@web/lib/config/get-client-config';

/**
 * The support address as a mailto link. Until the runtime config has answered (or if it cannot),
 * `fallback` is shown as plain text instead.
 */
export function SupportEmailLink({
  className,
  fallback = 'our support team',
}: {
  className?: string;
  fallback?: ReactNode;
}) {
  const email = useSupportEmail();
  if (!email) return <>{fallback}</>;
  return (
    <a
      href={`mailto:${email}`}
      className={cn(
        'font-semibold text-primary underline underline-offset-2 break-all hover:text-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {email}
    </a>
  );
}
