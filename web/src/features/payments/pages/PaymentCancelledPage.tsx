import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function PaymentCancelledPage() {
  return <PlaceholderPage title="Payment Cancelled" />;
}
