import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function PaymentSuccessPage() {
  return <PlaceholderPage title="Payment Successful!" />;
}
