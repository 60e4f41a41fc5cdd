import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function PaymentProcessingPage() {
  return <PlaceholderPage title="Processing Payment" />;
}
