import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function VisitPage() {
  return <PlaceholderPage title="Virtual Waiting Room" />;
}
