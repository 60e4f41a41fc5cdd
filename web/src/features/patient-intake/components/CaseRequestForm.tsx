import { FileText, ImagePlus, LoaderCircle, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SYMPTOMS_MAX_LENGTH } from '@shared/cases/intake';
import type { RequestType } from '@shared/patients/request';
import { appendSymptom, type SymptomAnalysis } from '@shared/triage';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/hooks/use-toast';
import { isNetworkError } from '@web/lib/offline/network';
import { serverMessageOf } from '@web/lib/api';
import { FilePicker } from '@web/components/uploads/FilePicker';
import { SelectedFileList } from '@web/components/uploads/SelectedFileList';
import { caseFileAccept, checkCaseFiles, type CaseFileCategory } from '@web/lib/uploads/file-rules';
import type { UploadRequest } from '@web/lib/uploads/use-case-uploads';
import { useCreateCase } from '../api/create-case';
import { useCreatePatient } from '../api/create-patient';
import type { VoiceNote } from '../hooks/use-voice-recorder';
import { useSessionDraft } from '../hooks/use-session-draft';
import {
  focusField,
  firstInvalidField,
  withoutErrors,
  type FieldErrors,
} from '../lib/field-errors';
import { announceProblems, chooseFiles, labelsOf, type ChosenFile } from '../lib/chosen-files';
import { submitMessages } from '../lib/messages';
import { caseOutcome, medicalFileLabel, patientOutcome, type QueuedIntake } from '../lib/outcome';
import {
  CASE_FORM_ORDER,
  analysisFor,
  triageMetadata,
  validateCaseForm,
  type CaseFormField,
  type CaseFormValues,
  type TimedAnalysis,
} from '../lib/validate';
import { CareTypeField, careTypeOptionId } from './CareTypeField';
import { FieldHint, TextField } from './form-fields';
import type { IntakeFormHost } from './IntakeScreen';
import { BodyRegionPicker, SymptomField } from './triage-fields';
import { VoiceRecorder } from './VoiceRecorder';

export const CASE_DRAFT_NAME = 'case';

const initialValues: CaseFormValues = {
  requestType: 'telemedicine',
  name: '',
  symptoms: '',
  email: '',
  phone: '',
  address: '',
  regions: [],
};

const ids = {
  requestType: 'case-care-type',
  address: 'case-address',
  name: 'case-name',
  symptoms: 'case-symptoms',
  email: 'case-email',
  phone: 'case-phone',
  images: 'case-images',
  documents: 'case-documents',
} as const;

function controlId(field: CaseFormField): string {
  return field === 'requestType' ? careTypeOptionId(ids.requestType, 'telemedicine') : ids[field];
}

/**
 * Reading A of the request screen (spec doc 1 §2, §5): a telemedicine request creates a case
 * (`POST /api/cases`, multipart), a home nurse visit creates a patient (reading B). Files go into
 * the case afterwards through presigned uploads.
 */
export function CaseRequestForm({ host }: { host: IntakeFormHost }) {
  const { draft: values, update, clear } = useSessionDraft(CASE_DRAFT_NAME, initialValues);
  const [errors, setErrors] = useState<FieldErrors<CaseFormField>>({});
  const [images, setImages] = useState<ChosenFile[]>([]);
  const [documents, setDocuments] = useState<ChosenFile[]>([]);
  const [voiceNote, setVoiceNote] = useState<VoiceNote | null>(null);
  const [analysis, setAnalysis] = useState<TimedAnalysis | null>(null);
  const createCase = useCreateCase();
  const createPatient = useCreatePatient();
  const submitting = createCase.isPending || createPatient.isPending;
  const nurseVisit = values.requestType === 'nurse-visit';

  function change<F extends keyof CaseFormValues>(field: F, value: CaseFormValues[F]) {
    update(field, value);
    // An email also answers 'Either phone or email is required', which sits on the phone field.
    setErrors((current) =>
      withoutErrors(current, field === 'email' ? ['email', 'phone'] : [field]),
    );
  }

  function addFiles(category: CaseFileCategory, files: File[]) {
    const current = category === 'image' ? images : documents;
    const { accepted, problems } = checkCaseFiles(category, current.length, files);
    announceProblems(problems);
    if (accepted.length === 0) return;
    const setter = category === 'image' ? setImages : setDocuments;
    setter((existing) => [...existing, ...chooseFiles(accepted)]);
  }

  function handleAnalysis(result: SymptomAnalysis | null) {
    setAnalysis(
      result
        ? { analysis: result, at: new Date().toISOString(), text: values.symptoms.trim() }
        : null,
    );
  }

  function uploadRequests(): UploadRequest[] {
    return [
      ...images.map(({ file }) => ({ file, kind: 'image' as const })),
      ...documents.map(({ file }) => ({ file, kind: 'document' as const })),
      ...(voiceNote
        ? [
            {
              file: voiceNote.file,
              kind: 'voice' as const,
              durationSeconds: voiceNote.durationSeconds,
            },
          ]
        : []),
    ];
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;

    const medicalFiles = [
      ...labelsOf(images),
      ...labelsOf(documents),
      ...(voiceNote ? [medicalFileLabel(voiceNote.file, Date.now())] : []),
    ];
    const result = validateCaseForm(values, {
      medicalFiles,
      metadata: triageMetadata(analysisFor(values.symptoms, analysis), values.regions),
    });
    if (!result.ok) {
      setErrors(result.errors);
      const first = firstInvalidField(result.errors, CASE_FORM_ORDER);
      if (first) focusField(controlId(first));
      return;
    }
    setErrors({});

    const uploads = uploadRequests();
    const queued: QueuedIntake =
      result.flow === 'case'
        ? { flow: 'case', intake: result.intake }
        : { flow: 'patient', request: { ...result.request, medicalFiles: [] } };
    // Always try first: `navigator.onLine` is a hint, wrong behind some VPNs and proxies.
    try {
      const outcome =
        result.flow === 'case'
          ? caseOutcome(await createCase.mutateAsync(result.intake))
          : patientOutcome(result.request, await createPatient.mutateAsync(result.request));
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
        description:
          result.flow === 'case'
            ? (serverMessageOf(error) ?? submitMessages.caseFailed)
            : submitMessages.patientFailed,
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
          onChange={(type: RequestType) => change('requestType', type)}
          error={errors.requestType}
        />
        {nurseVisit ? (
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

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={ids.email}
            label="Email Address"
            type="email"
            inputMode="email"
            autoComplete="email"
            optional
            value={values.email}
            onChange={(value) => change('email', value)}
            error={errors.email}
            maxLength={254}
          />
          <TextField
            id={ids.phone}
            label="Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            optional
            value={values.phone}
            onChange={(value) => change('phone', value)}
            error={errors.phone}
            hint="Either phone or email is required"
            maxLength={40}
          />
        </div>

        <div className="grid gap-3">
          <h3 className="text-sm font-medium">
            Photos <span className="font-normal text-muted-foreground">(optional)</span>
          </h3>
          <FieldHint id={ids.images}>Up to 3 images (JPEG, PNG, GIF or WebP), 5MB each.</FieldHint>
          <FilePicker
            id={ids.images}
            buttonText="Add Images"
            accept={caseFileAccept.image}
            describedBy={`${ids.images}-hint`}
            icon={<ImagePlus aria-hidden="true" />}
            onFiles={(files) => addFiles('image', files)}
          />
          <SelectedFileList
            files={images}
            label="Chosen images"
            onRemove={(id) => setImages((current) => current.filter((file) => file.id !== id))}
          />
        </div>

        <div className="grid gap-3">
          <h3 className="text-sm font-medium">
            Documents <span className="font-normal text-muted-foreground">(optional)</span>
          </h3>
          <FieldHint id={ids.documents}>
            Up to 5 files (PDF, Word, Excel, PowerPoint, text or CSV), 5MB each.
          </FieldHint>
          <FilePicker
            id={ids.documents}
            buttonText="Add Documents"
            accept={caseFileAccept.document}
            describedBy={`${ids.documents}-hint`}
            icon={<FileText aria-hidden="true" />}
            onFiles={(files) => addFiles('document', files)}
          />
          <SelectedFileList
            files={documents}
            label="Chosen documents"
            onRemove={(id) => setDocuments((current) => current.filter((file) => file.id !== id))}
          />
        </div>

        <VoiceRecorder onChange={setVoiceNote} />
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
