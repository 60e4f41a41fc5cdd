import { useDocumentTitle } from '@web/lib/use-document-title';
import { CaseRequestForm } from '../components/CaseRequestForm';
import { IntakeLayout } from '../components/IntakeLayout';
import { IntakeScreen } from '../components/IntakeScreen';
import { TELEHEALTH_PAGE_TITLE } from '../lib/messages';

/** `/patient-telehealth`: the request form, reading A (the case flow; spec doc 1 §2). */
export default function PatientTelehealthPage() {
  useDocumentTitle(TELEHEALTH_PAGE_TITLE);
  return (
    <IntakeLayout
      title={TELEHEALTH_PAGE_TITLE}
      intro="Tell us how you feel. A licensed doctor will see you in a private video call, or a nurse will visit you at home."
    >
      <IntakeScreen form={CaseRequestForm} />
    </IntakeLayout>
  );
}
