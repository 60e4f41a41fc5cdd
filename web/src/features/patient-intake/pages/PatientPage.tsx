import { useDocumentTitle } from '@web/lib/use-document-title';
import { IntakeLayout } from '../components/IntakeLayout';
import { IntakeScreen } from '../components/IntakeScreen';
import { PatientRequestForm } from '../components/PatientRequestForm';
import { PATIENT_PAGE_TITLE } from '../lib/messages';

/** `/patient`: the request form, reading B (the patient flow; spec doc 1 §2, §3). */
export default function PatientPage() {
  useDocumentTitle(PATIENT_PAGE_TITLE);
  return (
    <IntakeLayout
      title={PATIENT_PAGE_TITLE}
      intro="Ask for a video consultation with a licensed doctor or a home nurse visit."
    >
      <IntakeScreen form={PatientRequestForm} />
    </IntakeLayout>
  );
}
