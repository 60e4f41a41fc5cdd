import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function VideoAccessPage() {
  return <PlaceholderPage title="Video Consultation Access" />;
}
