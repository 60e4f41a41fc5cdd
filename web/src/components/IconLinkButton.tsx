import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';

/** A button that is a router link, its icon before the label. */
export function IconLinkButton({
  to,
  icon: Icon,
  children,
  ...buttonProps
}: Omit<ComponentProps<typeof Button>, 'asChild' | 'children'> & {
  to: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Button asChild {...buttonProps}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
