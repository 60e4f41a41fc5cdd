import { useDocumentTitle } from '@web/lib/use-document-title';
import { ApplicationForm } from '../components/ApplicationForm';
import { ApplicationSubmitted } from '../components/ApplicationSubmitted';
import { ProviderPageLayout } from '../components/ProviderPageLayout';
import { useApplicationSubmission } from '../hooks/use-application-submission';
import { APPLY_PAGE_TITLE, applyMessages } from '../lib/messages';

/**
 * `/provider/apply` (spec doc 2 §2): the application form, then the success screen with the
 * application id and the document uploads. Both survive a reload of the tab.
 */
export default function ApplyPage() {
  useDocumentTitle(APPLY_PAGE_TITLE);
  const { submission, summary, start, retry, reset } = useApplicationSubmission();

  return (
    <ProviderPageLayout title={APPLY_PAGE_TITLE} intro={applyMessages.intro}>
      {submission ? (
        <ApplicationSubmitted
          submission={submission}
          summary={summary}
          onRetry={retry}
          onStartOver={reset}
        />
      ) : (
        <ApplicationForm onCreated={start} />
      )}
    </ProviderPageLayout>
  );
}
