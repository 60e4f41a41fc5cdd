import { PlaceholderPage } from '@web/components/PlaceholderPage';

export default function PatientPage() {
  return <PlaceholderPage title="Patient Request" />;
}
