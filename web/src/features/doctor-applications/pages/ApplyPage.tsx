import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function ApplyPage() {
  return <PlaceholderPage title="Doctor Application" />;
}
