import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function ProviderDashboardPage() {
  return <PlaceholderPage title="Provider Dashboard" />;
}
