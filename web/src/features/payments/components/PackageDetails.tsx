import { Bell, BadgeCheck, ShieldCheck, Video, type LucideIcon } from 'lucide-react';
import { CONSULTATION_FEE_LABEL } from '@shared/payments/constants';
import { SectionCard } from '@web/components/SectionCard';

export interface PackageItem {
  icon: LucideIcon;
  text: string;
}

/** What $2.99 buys, as the payment choice page words it (spec doc 1 §2). */
export const PACKAGE_ITEMS: PackageItem[] = [
  { icon: Video, text: '15-minute video consultation' },
  { icon: BadgeCheck, text: 'Licensed provider' },
  { icon: ShieldCheck, text: 'HIPAA-compliant platform' },
  { icon: Bell, text: 'Instant provider notification' },
];

/** The card payment page's Payment Summary (spec doc 1 §2). */
export const PAYMENT_SUMMARY_ITEMS: PackageItem[] = [
  { icon: Video, text: '15-minute consultation' },
  { icon: BadgeCheck, text: 'Licensed provider' },
  { icon: ShieldCheck, text: 'HIPAA compliant' },
  { icon: Bell, text: 'Instant provider notification' },
];

/** Short lines, each after its icon in a soft primary tile. */
export function IconList({ items }: { items: readonly PackageItem[] }) {
  return (
    <ul className="grid gap-3">
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

export function PackageDetails({
  title,
  headingId,
  items = PACKAGE_ITEMS,
  showTotal = false,
}: {
  title: string;
  headingId: string;
  items?: PackageItem[];
  showTotal?: boolean;
}) {
  return (
    <SectionCard titleId={headingId} title={title}>
      <IconList items={items} />
      <dl className="mt-5 flex items-baseline justify-between border-t pt-4">
        <dt className="font-semibold">{showTotal ? 'Total' : 'Price'}</dt>
        <dd className="text-2xl font-bold text-foreground">{CONSULTATION_FEE_LABEL}</dd>
      </dl>
    </SectionCard>
  );
}
