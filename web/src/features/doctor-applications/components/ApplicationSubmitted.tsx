import { Check, CircleCheckBig, Copy, House, RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatApplicationId } from '@shared/doctor-applications/application-id';
import type { ApplicationDocumentType } from '@shared/doctor-applications/submit';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { SupportEmailLink } from '@web/components/config/SupportEmailLink';
import { toast } from '@web/hooks/use-toast';
import type { Submission, UploadSummary } from '../hooks/use-application-submission';
import { successMessages, uploadMessages } from '../lib/messages';
import { DocumentUploadList } from './DocumentUploadList';
import { paths } from '@web/lib/paths';

function CopyIdButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      toast({
        variant: 'destructive',
        title: successMessages.copyFailedTitle,
        description: successMessages.copyFailed,
      });
    }
  }

  return (
    <>
      <Button type="button" variant="outline" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? successMessages.copied : successMessages.copy}
      </Button>
      <span role="status" className="sr-only">
        {copied ? successMessages.copiedStatus : ''}
      </span>
    </>
  );
}

/** The success screen (spec doc 2 §2): the id to keep, the document uploads, what comes next. */
export function ApplicationSubmitted({
  submission,
  summary,
  onRetry,
  onStartOver,
}: {
  submission: Submission;
  summary: UploadSummary;
  onRetry: (type: ApplicationDocumentType, replacement?: File) => void;
  onStartOver: () => void;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const displayId = formatApplicationId(submission.applicationId);

  // Screen readers and keyboards continue at the confirmation, not at the vanished form.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  return (
    <div className="grid gap-6">
      <Card
        className="border-green-200 bg-success-soft"
        role="region"
        aria-labelledby="application-submitted-title"
      >
        <CardHeader className="flex-row items-center gap-3">
          <CircleCheckBig className="size-8 shrink-0 text-success" aria-hidden="true" />
          <CardTitle asChild className="text-2xl text-success-foreground">
            <h2
              id="application-submitted-title"
              ref={titleRef}
              tabIndex={-1}
              className="outline-none"
            >
              {successMessages.title}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-1">
            <dt className="text-sm text-success-foreground">{successMessages.yourId}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <span
                className="font-mono text-2xl font-bold tracking-wide break-all text-foreground sm:text-3xl"
                data-testid="application-id"
              >
                {displayId}
              </span>
              <CopyIdButton text={displayId} />
            </dd>
          </dl>
          <p className="text-sm text-success-foreground">{successMessages.keepId}</p>
        </CardContent>
      </Card>

      {submission.uploads.length > 0 ? (
        <Card role="region" aria-labelledby="document-uploads-title">
          <CardHeader className="pb-4">
            <CardTitle asChild>
              <h2 id="document-uploads-title">{successMessages.documentsTitle}</h2>
            </CardTitle>
            <p className="text-sm text-muted-foreground" role="status">
              {uploadMessages.summary(summary.done, summary.total)}
              {summary.settled
                ? ` ${summary.failed > 0 ? uploadMessages.someFailed : uploadMessages.allDone}`
                : ''}
            </p>
          </CardHeader>
          <CardContent>
            <DocumentUploadList uploads={submission.uploads} onRetry={onRetry} />
          </CardContent>
        </Card>
      ) : null}

      <Card role="region" aria-labelledby="next-steps-title">
        <CardHeader className="pb-4">
          <CardTitle asChild>
            <h2 id="next-steps-title">{successMessages.nextTitle}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ol className="grid list-decimal gap-2 pl-5 text-sm">
            {successMessages.next.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">
            Questions? Write to <SupportEmailLink />.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg">
              <Link to={paths.applicationStatus(displayId)}>
                <Search aria-hidden="true" />
                {successMessages.checkStatus}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.home}>
                <House aria-hidden="true" />
                {successMessages.home}
              </Link>
            </Button>
            <Button
              type="button"
              size="lg"
              variant="ghost"
              onClick={onStartOver}
              disabled={!summary.settled}
            >
              <RotateCcw aria-hidden="true" />
              {successMessages.startOver}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
