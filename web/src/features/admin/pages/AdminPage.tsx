import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function AdminPage() {
  return <PlaceholderPage title="Admin Panel" />;
}
