import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function ApplicationStatusPage() {
  return <PlaceholderPage title="Application Status" />;
}
