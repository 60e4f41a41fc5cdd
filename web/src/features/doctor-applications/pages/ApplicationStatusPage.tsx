import { useQuery } from '@tanstack/react-query';
import { CircleAlert, FilePlus, LoaderCircle, Mail, RotateCcw, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  applicationIdSchema,
  formatApplicationId,
} from '@shared/doctor-applications/application-id';
import { describedBy, FieldError, FieldHint } from '@web/components/form/field-parts';
import { Form } from '@web/components/form/Form';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useSupportEmail } from '@web/lib/config/get-client-config';
import { SupportEmailLink } from '@web/components/config/SupportEmailLink';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { applicationStatusQueryKey, getApplicationStatus } from '../api/get-application-status';
import { ApplicationStatusDetails } from '../components/ApplicationStatusDetails';
import { applicationIdInputProps } from '../lib/application-id-input';
import { ProviderPageLayout } from '../components/ProviderPageLayout';
import { STATUS_PAGE_TITLE, statusPageMessages as text } from '../lib/messages';
import { statusDisplay } from '../lib/status-display';
import { paths } from '@web/lib/paths';

const INPUT_ID = 'status-application-id';

type IdCheck = { ok: true; id: string } | { ok: false; message: string } | null;

/** A typed or linked id: null when blank, else the stored form (`APP-123` → `123`) or why not. */
function checkId(raw: string): IdCheck {
  if (raw.trim() === '') return null;
  const parsed = applicationIdSchema.safeParse(raw);
  if (parsed.success) return { ok: true, id: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid application ID' };
}

function HelpCard() {
  const supportEmail = useSupportEmail();
  return (
    <Card role="region" aria-labelledby="status-help-title">
      <CardHeader className="pb-4">
        <CardTitle asChild>
          <h2 id="status-help-title">{text.helpTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>{text.responseTime}</p>
        <p>
          {text.support} <SupportEmailLink />.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {supportEmail ? (
            <Button asChild variant="outline">
              <a href={`mailto:${supportEmail}`}>
                <Mail aria-hidden="true" />
                Email Support
              </a>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={paths.apply}>
              <FilePlus aria-hidden="true" />
              {text.newApplication}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * `/provider/status` (spec doc 2 §2, §5, §8): look an application up by id (`APP-123` or `123`);
 * `?id=` prefills and searches, and every search is kept in the address.
 */
export default function ApplicationStatusPage() {
  useDocumentTitle(STATUS_PAGE_TITLE);
  const inputRef = useRef<HTMLInputElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('id') ?? '';
  const linked = checkId(linkedId);
  const searchedId = linked?.ok ? linked.id : null;

  const [input, setInput] = useState(linkedId);
  const [inputError, setInputError] = useState<string | undefined>(() =>
    linked && !linked.ok ? linked.message : undefined,
  );

  const lookup = useQuery({
    queryKey: applicationStatusQueryKey(searchedId ?? ''),
    queryFn: ({ signal }) => getApplicationStatus(searchedId ?? '', { signal }),
    enabled: searchedId !== null,
  });
  const searching = lookup.fetchStatus === 'fetching';
  const blank = input.trim() === '';

  function search() {
    if (blank) return;
    const check = checkId(input);
    if (!check) return;
    if (!check.ok) {
      setInputError(check.message);
      inputRef.current?.focus();
      return;
    }
    setInputError(undefined);
    if (check.id === searchedId) {
      void lookup.refetch();
      return;
    }
    setSearchParams({ id: formatApplicationId(check.id) }, { replace: true });
  }

  const data = lookup.data;
  const announcement = searching
    ? text.loading
    : data?.found
      ? `Status: ${statusDisplay(data.application.status).label}`
      : '';

  return (
    <ProviderPageLayout title={STATUS_PAGE_TITLE} intro={text.intro}>
      <div className="grid gap-6">
        <Card role="search" aria-label="Find your application">
          <CardContent className="pt-6">
            <Form busy={searching} onSubmit={search} className="grid gap-2">
              <Label htmlFor={INPUT_ID}>{text.label}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  ref={inputRef}
                  id={INPUT_ID}
                  name="id"
                  value={input}
                  onChange={(event) => {
                    setInput(event.target.value);
                    setInputError(undefined);
                  }}
                  {...applicationIdInputProps}
                  aria-invalid={inputError ? true : undefined}
                  aria-describedby={describedBy(INPUT_ID, { hint: true, error: inputError })}
                />
                <SubmitButton
                  pending={searching}
                  icon={<Search aria-hidden="true" />}
                  pendingText={text.searching}
                  disabled={blank}
                  aria-disabled={searching || undefined}
                  className="sm:w-40"
                >
                  {text.search}
                </SubmitButton>
              </div>
              <FieldHint id={INPUT_ID}>{text.hint}</FieldHint>
              <FieldError id={INPUT_ID} message={inputError} />
            </Form>
          </CardContent>
        </Card>

        <p role="status" className="sr-only">
          {announcement}
        </p>

        {searchedId === null ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{text.emptyTitle}</h2>
              </CardTitle>
              <CardDescription className="text-base">{text.empty}</CardDescription>
            </CardHeader>
          </Card>
        ) : lookup.isPending ? (
          <div
            className="flex items-center gap-3 rounded-xl border bg-card p-6 text-muted-foreground"
            aria-hidden="true"
          >
            <LoaderCircle className="size-5 text-primary motion-safe:animate-spin" />
            {text.loading}
          </div>
        ) : lookup.isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>{text.failedTitle}</AlertTitle>
            <AlertDescription className="grid gap-3">
              <p>{text.failed}</p>
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => void lookup.refetch()}
                  disabled={searching}
                >
                  <RotateCcw aria-hidden="true" />
                  {text.retry}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : data && !data.found ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>
              <p>{text.notFound}</p>
            </AlertDescription>
          </Alert>
        ) : data?.found ? (
          <ApplicationStatusDetails application={data.application} />
        ) : null}

        <HelpCard />
      </div>
    </ProviderPageLayout>
  );
}
