import { LoaderCircle, type LucideIcon } from 'lucide-react';

/** A button's icon: `icon`, or a spinning loader (with `spinClassName`) while `pending`. */
export function PendingIcon({
  pending,
  icon: Icon,
  spinClassName = 'animate-spin',
}: {
  pending: boolean;
  icon: LucideIcon;
  spinClassName?: string;
}) {
  return pending ? (
    <LoaderCircle className={spinClassName} aria-hidden="true" />
  ) : (
    <Icon aria-hidden="true" />
  );
}
