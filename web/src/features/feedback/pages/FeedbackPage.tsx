import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function FeedbackPage() {
  return <PlaceholderPage title="How Was Your Consultation?" />;
}
