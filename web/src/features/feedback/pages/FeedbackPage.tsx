import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { caseIdSchema } from '@shared/cases/case-id';
import { RequirePatientKey } from '@web/components/RequirePatientKey';
import { CaseMoneyLine } from '@web/features/payments';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { FeedbackForm } from '../components/FeedbackForm';
import type { Rating } from '../components/StarRating';
import { ThankYou } from '../components/ThankYou';
import { FEEDBACK_TITLE } from '../lib/labels';
import { paths } from '@web/lib/paths';

function Feedback({ caseId }: { caseId: string }) {
  const [submitted, setSubmitted] = useState<Rating | null>(null);
  useDocumentTitle(submitted ? 'Thank You' : FEEDBACK_TITLE);
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      {/* Where the money stands once the call is over: charged, or released (issue 28 item 2). */}
      <CaseMoneyLine caseId={caseId} className="mb-6 text-center" />
      {submitted ? (
        <ThankYou rating={submitted} />
      ) : (
        <FeedbackForm caseId={caseId} onSubmitted={setSubmitted} />
      )}
    </section>
  );
}

/**
 * `/feedback/{caseId}` (spec doc 1 §2): a missing (or malformed) case id goes to /patient. Only
 * the patient rates: the page needs the patient's key (docs/adr/0012).
 */
export default function FeedbackPage() {
  const { caseId = '' } = useParams();
  if (!caseIdSchema.safeParse(caseId).success) return <Navigate to={paths.patient} replace />;
  return (
    <RequirePatientKey key={caseId} id={caseId}>
      <Feedback caseId={caseId} />
    </RequirePatientKey>
  );
}
