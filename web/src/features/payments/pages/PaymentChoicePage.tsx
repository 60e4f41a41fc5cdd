import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function PaymentChoicePage() {
  return <PlaceholderPage title="Choose Payment Method" />;
}
