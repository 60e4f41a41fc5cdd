import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function CardPaymentPage() {
  return <PlaceholderPage title="Secure Payment" />;
}
