import { Navigate } from 'react-router-dom';
import { patientIdSchema } from '@shared/patients/api';
import { RequirePatientKey } from '@web/components/RequirePatientKey';
import { CaseSuccessView } from '../components/CaseSuccessView';
import { PaymentVerificationView } from '../components/PaymentVerificationView';
import { useQueryParam } from '../hooks/use-case-id-param';
import { paths } from '@web/lib/paths';

/**
 * `/payment-success`: two pages share the route (spec doc 1 §2). With `patient_id` it is the
 * payment verification page; with `case_id` the success page of the case flow; with neither the
 * patient goes back to the request form.
 */
export default function PaymentSuccessPage() {
  const patientId = useQueryParam('patient_id');
  const caseId = useQueryParam('case_id');

  // A malformed id gets the verification page's own error card; a valid one needs the key.
  if (patientId && !patientIdSchema.safeParse(patientId).success) {
    return <PaymentVerificationView patientId={patientId} />;
  }
  if (patientId) {
    return (
      <RequirePatientKey id={patientId}>
        <PaymentVerificationView patientId={patientId} />
      </RequirePatientKey>
    );
  }
  if (caseId) return <CaseSuccessView caseId={caseId} />;
  return <Navigate to={paths.patientTelehealth} replace />;
}
