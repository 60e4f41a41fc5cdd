import { LoaderCircle, Paperclip, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SYMPTOMS_MAX_LENGTH } from '@shared/cases/intake';
import { appendSymptom, type SymptomAnalysis } from '@shared/triage';
import { uploadMessages } from '@shared/uploads/rules';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/hooks/use-toast';
import { isNetworkError } from '@web/lib/offline/network';
import { FilePicker } from '@web/components/uploads/FilePicker';
import { SelectedFileList } from '@web/components/uploads/SelectedFileList';
import { checkPatientFiles, filesAddedText, patientFileAccept } from '@web/lib/uploads/file-rules';
import { useCreatePatient } from '../api/create-patient';
import { useSessionDraft } from '../hooks/use-session-draft';
import { announceProblems, chooseFiles, labelsOf, type ChosenFile } from '../lib/chosen-files';
import {
  firstInvalidField,
  focusField,
  withoutErrors,
  type FieldErrors,
} from '../lib/field-errors';
import { submitMessages } from '../lib/messages';
import { patientOutcome } from '../lib/outcome';
import {
  PATIENT_FORM_ORDER,
  analysisFor,
  triageMetadata,
  validatePatientForm,
  type PatientFormField,
  type PatientFormValues,
  type TimedAnalysis,
} from '../lib/validate';
import { CareTypeField, careTypeOptionId } from './CareTypeField';
import { FieldHint, TextAreaField, TextField } from './form-fields';
import type { IntakeFormHost } from './IntakeScreen';
import { BodyRegionPicker, SymptomField } from './triage-fields';

export const PATIENT_DRAFT_NAME = 'patient';

const initialValues: PatientFormValues = {
  requestType: '',
  name: '',
  contactInfo: '',
  symptoms: '',
  history: '',
  address: '',
  regions: [],
};

const ids = {
  requestType: 'patient-care-type',
  address: 'patient-address',
  name: 'patient-name',
  contactInfo: 'patient-contact',
  symptoms: 'patient-symptoms',
  history: 'patient-history',
  files: 'patient-files',
} as const;

function controlId(field: PatientFormField): string {
  return field === 'requestType' ? careTypeOptionId(ids.requestType, 'telemedicine') : ids[field];
}

/**
 * Reading B of the request screen (spec doc 1 §2, §3, §5): creates a patient and its case
 * (`POST /api/patients`, JSON), then uploads the attachments into the case.
 */
export function PatientRequestForm({ host }: { host: IntakeFormHost }) {
  const { draft: values, update, clear } = useSessionDraft(PATIENT_DRAFT_NAME, initialValues);
  const [errors, setErrors] = useState<FieldErrors<PatientFormField>>({});
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [analysis, setAnalysis] = useState<TimedAnalysis | null>(null);
  const createPatient = useCreatePatient();
  const submitting = createPatient.isPending;

  function change<F extends keyof PatientFormValues>(field: F, value: PatientFormValues[F]) {
    update(field, value);
    setErrors((current) => withoutErrors(current, [field]));
  }

  function addFiles(picked: File[]) {
    const { accepted, problems } = checkPatientFiles(files.length, picked);
    if (accepted.length > 0) {
      setFiles((existing) => [...existing, ...chooseFiles(accepted)]);
      toast({
        title: uploadMessages.filesAddedTitle,
        description: filesAddedText(accepted.length),
      });
    }
    // After 'Files Added', so a refusal is the toast that stays visible.
    announceProblems(problems);
  }

  function handleAnalysis(result: SymptomAnalysis | null) {
    setAnalysis(
      result
        ? { analysis: result, at: new Date().toISOString(), text: values.symptoms.trim() }
        : null,
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;

    const result = validatePatientForm(values, {
      medicalFiles: labelsOf(files),
      metadata: triageMetadata(analysisFor(values.symptoms, analysis), values.regions),
    });
    if (!result.ok) {
      setErrors(result.errors);
      const first = firstInvalidField(result.errors, PATIENT_FORM_ORDER);
      if (first) focusField(controlId(first));
      return;
    }
    setErrors({});

    const request = result.request;
    const uploads = files.map(({ file }) => ({ file, kind: 'attachment' as const }));
    const queued = { flow: 'patient' as const, request: { ...request, medicalFiles: [] } };
    // Always try first: `navigator.onLine` is a hint, wrong behind some VPNs and proxies.
    try {
      const outcome = patientOutcome(request, await createPatient.mutateAsync(request));
      clear();
      host.submitted(outcome, uploads);
    } catch (error) {
      if (isNetworkError(error)) {
        host.queue(queued, uploads);
        return;
      }
      toast({
        variant: 'destructive',
        title: submitMessages.failedTitle,
        description: submitMessages.patientFailed,
      });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-busy={submitting}
      className="grid gap-6"
    >
      <fieldset disabled={submitting} className="grid min-w-0 gap-6">
        <CareTypeField
          id={ids.requestType}
          value={values.requestType}
          onChange={(type) => change('requestType', type)}
          error={errors.requestType}
        />
        {values.requestType === 'nurse-visit' ? (
          <TextField
            id={ids.address}
            label="Home Address"
            value={values.address}
            onChange={(value) => change('address', value)}
            error={errors.address}
            hint="Where the nurse should come."
            autoComplete="street-address"
            required
            maxLength={500}
          />
        ) : null}
        <TextField
          id={ids.name}
          label="Full Name"
          value={values.name}
          onChange={(value) => change('name', value)}
          error={errors.name}
          autoComplete="name"
          required
          maxLength={200}
        />
        <TextField
          id={ids.contactInfo}
          label="Email or Phone"
          value={values.contactInfo}
          onChange={(value) => change('contactInfo', value)}
          error={errors.contactInfo}
          hint="How we can reach you about your visit."
          required
          maxLength={254}
        />
        <SymptomField
          id={ids.symptoms}
          label="Describe Your Symptoms"
          value={values.symptoms}
          onChange={(value) => change('symptoms', value)}
          error={errors.symptoms}
          maxLength={SYMPTOMS_MAX_LENGTH}
          onAnalysis={handleAnalysis}
        />
        <BodyRegionPicker
          value={values.regions}
          onChange={(regions) => update('regions', regions)}
          onPickSymptom={(symptom) =>
            change('symptoms', appendSymptom(values.symptoms, symptom, SYMPTOMS_MAX_LENGTH))
          }
        />
        <TextAreaField
          id={ids.history}
          label="Medical History"
          optional
          value={values.history}
          onChange={(value) => change('history', value)}
          error={errors.history}
          hint="Conditions, medicines or allergies the provider should know about."
          maxLength={SYMPTOMS_MAX_LENGTH}
        />

        <div className="grid gap-3">
          <h3 className="text-sm font-medium">
            Medical Files <span className="font-normal text-muted-foreground">(optional)</span>
          </h3>
          <FieldHint id={ids.files}>
            Images (JPEG, PNG, GIF, WebP), PDFs, text or Word documents, up to 10MB each.
          </FieldHint>
          <FilePicker
            id={ids.files}
            buttonText="Add Files"
            accept={patientFileAccept}
            describedBy={`${ids.files}-hint`}
            icon={<Paperclip aria-hidden="true" />}
            onFiles={addFiles}
          />
          <SelectedFileList
            files={files}
            label="Chosen files"
            onRemove={(id) => setFiles((current) => current.filter((file) => file.id !== id))}
          />
        </div>
      </fieldset>

      <Button type="submit" size="xl" disabled={submitting} className="w-full">
        {submitting ? (
          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {submitting ? submitMessages.submitting : submitMessages.submit}
      </Button>
    </form>
  );
}
