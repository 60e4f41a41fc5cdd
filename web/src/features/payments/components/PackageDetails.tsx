import { Bell, BadgeCheck, ShieldCheck, Video } from 'lucide-react';
import { CONSULTATION_FEE_LABEL } from '@shared/payments/constants';
import { SectionCard } from '@web/components/SectionCard';
import { IconList, type IconListItem } from './IconList';

/** What $2.99 buys, as the payment choice page words it (spec doc 1 §2). */
export const PACKAGE_ITEMS: IconListItem[] = [
  { icon: Video, text: '15-minute video consultation' },
  { icon: BadgeCheck, text: 'Licensed provider' },
  { icon: ShieldCheck, text: 'HIPAA-compliant platform' },
  { icon: Bell, text: 'Instant provider notification' },
];

/** The card payment page's Payment Summary (spec doc 1 §2). */
export const PAYMENT_SUMMARY_ITEMS: IconListItem[] = [
  { icon: Video, text: '15-minute consultation' },
  { icon: BadgeCheck, text: 'Licensed provider' },
  { icon: ShieldCheck, text: 'HIPAA compliant' },
  { icon: Bell, text: 'Instant provider notification' },
];

export function PackageDetails({
  title,
  headingId,
  items = PACKAGE_ITEMS,
  showTotal = false,
}: {
  title: string;
  headingId: string;
  items?: IconListItem[];
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
