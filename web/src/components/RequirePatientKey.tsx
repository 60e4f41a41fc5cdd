import { KeyRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PATIENT_KEY_REQUIRED, patientKeyFromHash } from '@shared/patients/patient-key';
import { MessagePage } from '@web/components/MessagePage';
import { Button } from '@web/components/ui/button';
import { adoptPatientKey, hashWithoutPatientKey } from '@web/lib/patient-key';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { paths } from '@web/lib/paths';

/**
 * A patient page opened with only a case or patient id: this browser holds no key for it
 * (docs/adr/0012), so the page says what the patient can do instead of failing silently.
 */
export function PatientKeyMissing() {
  useDocumentTitle('Open Your Visit Link');
  return (
    <MessagePage
      icon={KeyRound}
      tone="danger"
      title="Open Your Visit Link"
      actions={
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      }
    >
      {PATIENT_KEY_REQUIRED}
    </MessagePage>
  );
}

/**
 * Keeps the key of the address's fragment (`#key=…`) and drops it from the address (the history
 * entry is replaced, the rest of the fragment kept). Returns whether this browser holds a key for
 * `id` (read once per page: the key is kept before the page's first patient call).
 */
export function usePatientKeyFromAddress(id: string): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [hasKey] = useState(() => adoptPatientKey([id], location.hash));
  const keyInAddress = patientKeyFromHash(location.hash) !== null;
  useEffect(() => {
    if (!keyInAddress) return;
    void navigate(
      {
        pathname: location.pathname,
        search: location.search,
        hash: hashWithoutPatientKey(location.hash),
      },
      { replace: true, state: location.state as unknown },
    );
  }, [keyInAddress, location, navigate]);
  return hasKey;
}

/**
 * A patient page's content, shown only when this browser holds the patient's key for `id` (a case
 * id, or reading B's patient id): from storage, or from the address's fragment. Otherwise
 * {@link PatientKeyMissing}, which says what the patient can do.
 */
export function RequirePatientKey({ id, children }: { id: string; children: ReactNode }) {
  return usePatientKeyFromAddress(id) ? children : <PatientKeyMissing />;
}
