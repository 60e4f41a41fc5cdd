import { lazy, Suspense } from 'react';
import { LoadingState } from '@web/components/states';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ApplicationForm } from '../components/ApplicationForm';
import { ProviderPageLayout } from '../components/ProviderPageLayout';
import { useApplicationSubmission } from '../hooks/use-application-submission';
import { APPLY_PAGE_TITLE, applyMessages } from '../lib/messages';

/**
 * The success screen (application id, document uploads) loads lazily: a first visit shows the
 * form, and focusing it starts loading the screen that follows a submit.
 */
const loadApplicationSubmitted = () => import('../components/ApplicationSubmitted');
const ApplicationSubmitted = lazy(() =>
  loadApplicationSubmitted().then((module) => ({ default: module.ApplicationSubmitted })),
);

function preloadApplicationSubmitted() {
  // Only a head start: a failure shows when it renders (the page's error boundary).
  loadApplicationSubmitted().catch(() => undefined);
}

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
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <ApplicationSubmitted
            submission={submission}
            summary={summary}
            onRetry={retry}
            onStartOver={reset}
          />
        </Suspense>
      ) : (
        <div onFocus={preloadApplicationSubmitted}>
          <ApplicationForm onCreated={start} />
        </div>
      )}
    </ProviderPageLayout>
  );
}
