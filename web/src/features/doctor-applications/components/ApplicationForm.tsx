import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  GRADUATION_YEAR_MIN,
  specializations,
  usStateCodes,
  YEARS_EXPERIENCE_MAX,
  type ApplicationDocumentType,
  type DoctorApplicationSubmit,
} from '@shared/doctor-applications/submit';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { checkProviderEmail } from '../api/check-email';
import { ApplicationSubmitError, createDoctorApplication } from '../api/create-application';
import { useApplicationDraft } from '../hooks/use-application-draft';
import {
  firstInvalidField,
  normalizeYearText,
  serverFieldErrorsOf,
  validateApplication,
  type ApplicationField,
  type ApplicationFormValues,
  type FieldErrors,
} from '../lib/application-form';
import { documentPickerId, missingRequiredDocuments, type ChosenDocuments } from '../lib/documents';
import { applyMessages } from '../lib/messages';
import { AccountExistsDialog } from './AccountExistsDialog';
import { BoardCertificationsField } from './BoardCertificationsField';
import { DocumentsSection } from './DocumentsSection';
import { SelectField, TextField } from './form-fields';

function fieldId(field: ApplicationField): string {
  return `application-${field}`;
}

function focusElement(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
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
  const { values, update, clear } = useApplicationDraft();
  const [errors, setErrors] = useState<FieldErrors>({});
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

  // A field marked by the server's answer can take focus only once the form is enabled again.
  const focusAfterSubmit = useRef<string | null>(null);
  useEffect(() => {
    if (submitting || !focusAfterSubmit.current) return;
    focusElement(focusAfterSubmit.current);
    focusAfterSubmit.current = null;
  }, [submitting, errors]);

  function change<F extends keyof ApplicationFormValues>(
    field: F,
    value: ApplicationFormValues[F],
  ) {
    update(field, value);
    setErrors((current) => {
      if (!(field in current)) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

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

  function showServerFieldErrors(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    const first = firstInvalidField(fieldErrors);
    focusAfterSubmit.current = first ? fieldId(first) : null;
  }

  function failed(description: string = applyMessages.failed) {
    toast({ variant: 'destructive', title: applyMessages.failedTitle, description });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;

    const validation = validateApplication(values);
    const missing = missingRequiredDocuments(documents);
    if (!validation.ok || missing.length > 0) {
      const fieldErrors = validation.ok ? {} : validation.errors;
      setErrors(fieldErrors);
      setDocumentErrors(
        Object.fromEntries(missing.map((slot) => [slot.type, slot.missing?.description])),
      );
      const [firstMissing] = missing;
      if (firstMissing?.missing) toast({ variant: 'destructive', ...firstMissing.missing });
      const first = firstInvalidField(fieldErrors);
      if (first) focusElement(fieldId(first));
      else if (firstMissing) focusElement(documentPickerId(firstMissing.type));
      return;
    }
    setErrors({});
    setDocumentErrors({});

    try {
      const outcome = await submitApplication.mutateAsync({
        application: validation.data,
        chosen: documents,
      });
      if (outcome.kind === 'email-exists') {
        setAccountExists(true);
        return;
      }
      clear();
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
          showServerFieldErrors({ medicalLicenseNumber: error.message });
          failed();
          return;
        case 'invalid':
          showServerFieldErrors(serverFieldErrorsOf(error.issues));
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
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        aria-busy={submitting}
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
                  id={fieldId('fullName')}
                  label="Full Name"
                  value={values.fullName}
                  onChange={(value) => change('fullName', value)}
                  error={errors.fullName}
                  hint="As it appears on your medical license."
                  autoComplete="name"
                  required
                  maxLength={200}
                />
              </div>
              <TextField
                id={fieldId('email')}
                label="Email Address"
                type="email"
                inputMode="email"
                value={values.email}
                onChange={(value) => change('email', value)}
                error={errors.email}
                hint="Your login credentials are sent here once you are approved."
                autoComplete="email"
                required
                maxLength={254}
              />
              <TextField
                id={fieldId('phoneNumber')}
                label="Phone Number"
                type="tel"
                inputMode="tel"
                value={values.phoneNumber}
                onChange={(value) => change('phoneNumber', value)}
                error={errors.phoneNumber}
                autoComplete="tel"
                required
                maxLength={40}
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
                id={fieldId('medicalLicenseNumber')}
                label="Medical License Number"
                value={values.medicalLicenseNumber}
                onChange={(value) => change('medicalLicenseNumber', value)}
                error={errors.medicalLicenseNumber}
                autoComplete="off"
                spellCheck={false}
                required
                maxLength={50}
              />
              <SelectField
                id={fieldId('licenseState')}
                label="License State"
                value={values.licenseState}
                onChange={(value) => change('licenseState', value)}
                error={errors.licenseState}
                options={stateOptions}
                placeholder="Select a state"
                required
              />
              <SelectField
                id={fieldId('specialization')}
                label="Specialization"
                value={values.specialization}
                onChange={(value) => change('specialization', value)}
                error={errors.specialization}
                options={specializationOptions}
                required
              />
              <TextField
                id={fieldId('yearsExperience')}
                label="Years of Experience"
                type="number"
                inputMode="numeric"
                min={0}
                max={YEARS_EXPERIENCE_MAX}
                step={1}
                value={values.yearsExperience}
                onChange={(value) => change('yearsExperience', value)}
                onBlur={() =>
                  change(
                    'yearsExperience',
                    normalizeYearText('yearsExperience', values.yearsExperience),
                  )
                }
                error={errors.yearsExperience}
                hint={`0 to ${YEARS_EXPERIENCE_MAX}.`}
                required
              />
              <div className="sm:col-span-2">
                <TextField
                  id={fieldId('hospitalAffiliation')}
                  label="Hospital Affiliation"
                  value={values.hospitalAffiliation}
                  onChange={(value) => change('hospitalAffiliation', value)}
                  error={errors.hospitalAffiliation}
                  autoComplete="organization"
                  required
                  maxLength={200}
                />
              </div>
              <TextField
                id={fieldId('medicalSchool')}
                label="Medical School"
                value={values.medicalSchool}
                onChange={(value) => change('medicalSchool', value)}
                error={errors.medicalSchool}
                required
                maxLength={200}
              />
              <TextField
                id={fieldId('graduationYear')}
                label="Graduation Year"
                type="number"
                inputMode="numeric"
                min={GRADUATION_YEAR_MIN}
                max={currentYear}
                step={1}
                value={values.graduationYear}
                onChange={(value) => change('graduationYear', value)}
                onBlur={() =>
                  change(
                    'graduationYear',
                    normalizeYearText('graduationYear', values.graduationYear),
                  )
                }
                error={errors.graduationYear}
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
            <Button
              ref={submitRef}
              type="submit"
              size="xl"
              aria-disabled={submitting || undefined}
              className="w-full aria-disabled:opacity-60"
            >
              {submitting ? (
                <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              {submitting ? applyMessages.submitting : applyMessages.submit}
            </Button>
          </div>
        </FormSection>
      </form>
      <AccountExistsDialog
        open={accountExists}
        onClose={() => {
          setAccountExists(false);
          submitRef.current?.focus();
        }}
      />
    </>
  );
}
