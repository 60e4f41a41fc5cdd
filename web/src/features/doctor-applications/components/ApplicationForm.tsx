import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import {
  GRADUATION_YEAR_MIN,
  specializations,
  usStateCodes,
  YEARS_EXPERIENCE_MAX,
  type ApplicationDocumentType,
  type DoctorApplicationSubmit,
} from '@shared/doctor-applications/submit';
import { focusElement } from '@web/components/form/focus';
import { Form } from '@web/components/form/Form';
import { inputPresets } from '@web/components/form/presets';
import { SelectField, TextField } from '@web/components/form/fields';
import { serverFieldErrorsOf } from '@web/components/form/field-errors';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { useForm } from '@web/components/form/use-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { checkProviderEmail } from '../api/check-email';
import { ApplicationSubmitError, createDoctorApplication } from '../api/create-application';
import {
  APPLICATION_DRAFT_KEY,
  APPLICATION_FIELD_ORDER,
  initialApplicationValues,
  normalizeYearText,
  validateApplication,
  type ApplicationField,
  type ApplicationFormValues,
} from '../lib/application-form';
import { documentPickerId, missingRequiredDocuments, type ChosenDocuments } from '../lib/documents';
import { applyMessages } from '../lib/messages';
import { BoardCertificationsField } from './BoardCertificationsField';
import { DocumentsSection } from './DocumentsSection';

/**
 * 'Account Already Exists' shows only after a submit (with the support address it fetches): it
 * loads lazily, starting when a valid form is sent.
 */
const loadAccountExistsDialog = () => import('./AccountExistsDialog');
const AccountExistsDialog = lazy(() =>
  loadAccountExistsDialog().then((module) => ({ default: module.AccountExistsDialog })),
);

function fieldId(field: ApplicationField): string {
  return `application-${field}`;
}

const stateOptions = usStateCodes.map((code) => ({ value: code, label: code }));
const specializationOptions = specializations.map((name) => ({ value: name, label: name }));

type SubmitOutcome =
  { kind: 'email-exists' } | { kind: 'created'; applicationId: string; documents: ChosenDocuments };

function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-4">
        <CardTitle asChild className="text-xl">
          <h2 id={id}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The doctor application (spec doc 2 §2, §3, §5, §7, §8): validated with the shared schema,
 * the email checked first ('Account Already Exists'), then created; the caller uploads the
 * documents once the application exists.
 */
export function ApplicationForm({
  onCreated,
}: {
  onCreated: (applicationId: string, documents: ChosenDocuments) => void;
}) {
  const [documents, setDocuments] = useState<ChosenDocuments>({});
  const [documentErrors, setDocumentErrors] = useState<
    Partial<Record<ApplicationDocumentType, string>>
  >({});
  const [accountExists, setAccountExists] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);

  const submitApplication = useMutation({
    mutationKey: ['doctor-applications', 'submit'],
    mutationFn: async ({
      application,
      chosen,
    }: {
      application: DoctorApplicationSubmit;
      chosen: ChosenDocuments;
    }): Promise<SubmitOutcome> => {
      // The check is a courtesy before the long form is sent; if it cannot answer, the create
      // call still refuses a registered email (409), which opens the same dialog.
      const exists = await checkProviderEmail(application.email).catch(() => false);
      if (exists) return { kind: 'email-exists' };
      const created = await createDoctorApplication(application);
      return { kind: 'created', applicationId: created.applicationId, documents: chosen };
    },
  });
  const submitting = submitApplication.isPending;

  const form = useForm<ApplicationFormValues, ApplicationField>({
    initial: initialApplicationValues,
    draftKey: APPLICATION_DRAFT_KEY,
    order: APPLICATION_FIELD_ORDER,
    idOf: fieldId,
    busy: submitting,
  });
  const { values, errors, change } = form;

  function chooseDocument(type: ApplicationDocumentType, file: File | undefined) {
    setDocuments((current) => {
      const next = { ...current };
      if (file) next[type] = file;
      else delete next[type];
      return next;
    });
    if (file) {
      setDocumentErrors((current) => {
        const rest = { ...current };
        delete rest[type];
        return rest;
      });
    }
  }

  function failed(description: string = applyMessages.failed) {
    toast({ variant: 'destructive', title: applyMessages.failedTitle, description });
  }

  async function submit() {
    const validation = validateApplication(values);
    const missing = missingRequiredDocuments(documents);
    if (!validation.ok || missing.length > 0) {
      setDocumentErrors(
        Object.fromEntries(missing.map((slot) => [slot.type, slot.missing?.description])),
      );
      const [firstMissing] = missing;
      if (firstMissing?.missing) toast({ variant: 'destructive', ...firstMissing.missing });
      const first = form.showErrors(validation.ok ? {} : validation.errors);
      if (!first && firstMissing) focusElement(documentPickerId(firstMissing.type));
      return;
    }
    form.clearErrors();
    setDocumentErrors({});
    // A head start while the email is checked; a failure shows if the dialog is needed.
    loadAccountExistsDialog().catch(() => undefined);

    try {
      const outcome = await submitApplication.mutateAsync({
        application: validation.data,
        chosen: documents,
      });
      if (outcome.kind === 'email-exists') {
        setAccountExists(true);
        return;
      }
      form.reset();
      onCreated(outcome.applicationId, outcome.documents);
    } catch (error) {
      if (!(error instanceof ApplicationSubmitError)) {
        failed();
        return;
      }
      switch (error.reason) {
        case 'email-registered':
          setAccountExists(true);
          return;
        case 'license-registered':
          form.showErrors({ medicalLicenseNumber: error.message });
          failed();
          return;
        case 'invalid':
          form.showErrors(serverFieldErrorsOf(error.issues, APPLICATION_FIELD_ORDER));
          failed();
          return;
        case 'no-success':
          failed(applyMessages.noSuccessFlag);
          return;
        case 'failed':
          failed();
          return;
      }
    }
  }

  const currentYear = new Date().getFullYear();

  return (
    <>
      <Form
        busy={submitting}
        onSubmit={submit}
        aria-label="Doctor application"
        className="grid gap-6"
      >
        <fieldset disabled={submitting} className="grid min-w-0 gap-6">
          <legend className="sr-only">Your application</legend>
          <FormSection
            id="application-personal-title"
            title={applyMessages.sections.personal}
            description="How we can reach you about your application."
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <TextField
                  {...form.textField('fullName')}
                  {...inputPresets.fullName}
                  label="Full Name"
                  hint="As it appears on your medical license."
                  required
                />
              </div>
              <TextField
                {...form.textField('email')}
                {...inputPresets.email}
                label="Email Address"
                hint="Your login credentials are sent here once you are approved."
                required
              />
              <TextField
                {...form.textField('phoneNumber')}
                {...inputPresets.phone}
                label="Phone Number"
                required
              />
            </div>
          </FormSection>

          <FormSection
            id="application-credentials-title"
            title={applyMessages.sections.credentials}
            description="Your license, specialty and training."
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                {...form.textField('medicalLicenseNumber')}
                label="Medical License Number"
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={50}
              />
              <SelectField
                {...form.textField('licenseState')}
                label="License State"
                options={stateOptions}
                placeholder="Select a state"
                required
              />
              <SelectField
                {...form.textField('specialization')}
                label="Specialization"
                options={specializationOptions}
                required
              />
              <TextField
                {...form.textField('yearsExperience')}
                {...inputPresets.year}
                label="Years of Experience"
                min={0}
                max={YEARS_EXPERIENCE_MAX}
                onBlur={() =>
                  change(
                    'yearsExperience',
                    normalizeYearText('yearsExperience', values.yearsExperience),
                  )
                }
                hint={`0 to ${YEARS_EXPERIENCE_MAX}.`}
                required
              />
              <div className="sm:col-span-2">
                <TextField
                  {...form.textField('hospitalAffiliation')}
                  label="Hospital Affiliation"
                  autoComplete="organization"
                  required
                  maxLength={200}
                />
              </div>
              <TextField
                {...form.textField('medicalSchool')}
                label="Medical School"
                required
                maxLength={200}
              />
              <TextField
                {...form.textField('graduationYear')}
                {...inputPresets.year}
                label="Graduation Year"
                min={GRADUATION_YEAR_MIN}
                max={currentYear}
                onBlur={() =>
                  change(
                    'graduationYear',
                    normalizeYearText('graduationYear', values.graduationYear),
                  )
                }
                hint={`${GRADUATION_YEAR_MIN} to ${currentYear}.`}
                required
              />
              <div className="sm:col-span-2">
                <BoardCertificationsField
                  id={fieldId('boardCertifications')}
                  value={values.boardCertifications}
                  onChange={(value) => change('boardCertifications', value)}
                  error={errors.boardCertifications}
                  disabled={submitting}
                />
              </div>
            </div>
          </FormSection>

          <FormSection
            id="application-documents-title"
            title={applyMessages.sections.documents}
            description="Your medical license and a government-issued ID are required. Files are sent after your application is created."
          >
            <DocumentsSection
              documents={documents}
              errors={documentErrors}
              disabled={submitting}
              onChange={chooseDocument}
            />
          </FormSection>
        </fieldset>

        <FormSection id="application-submit-title" title={applyMessages.sections.submit}>
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{applyMessages.submitNote}</p>
            <SubmitButton
              ref={submitRef}
              pending={submitting}
              icon={<Send aria-hidden="true" />}
              pendingText={applyMessages.submitting}
              size="xl"
              aria-disabled={submitting || undefined}
              className="w-full aria-disabled:opacity-60"
            >
              {applyMessages.submit}
            </SubmitButton>
          </div>
        </FormSection>
      </Form>
      {accountExists ? (
        <Suspense fallback={null}>
          <AccountExistsDialog
            open
            onClose={() => {
              setAccountExists(false);
              submitRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
