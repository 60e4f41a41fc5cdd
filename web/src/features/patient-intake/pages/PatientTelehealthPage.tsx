import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function PatientTelehealthPage() {
  return <PlaceholderPage title="Get Healthcare Help" />;
}
