import { Send } from 'lucide-react';
import { useState } from 'react';
import { SYMPTOMS_MAX_LENGTH } from '@shared/cases/intake-limits';
import type { RequestType } from '@shared/patients/request';
import { appendSymptom, type SymptomAnalysis } from '@shared/triage';
import { Form } from '@web/components/form/Form';
import { inputPresets } from '@web/components/form/presets';
import { radioOptionId } from '@web/components/form/RadioCardGroup';
import { SubmitButton } from '@web/components/form/SubmitButton';
import { TextField } from '@web/components/form/fields';
import { useForm } from '@web/components/form/use-form';
import { toast } from '@web/hooks/use-toast';
import { useTriageRegion } from '@web/lib/config/use-triage-region';
import { isNetworkError } from '@web/lib/offline/network';
import { serverMessageOf } from '@web/lib/api';
import type { UploadRequest } from '@web/lib/uploads/use-case-uploads';
import type { FileCheck } from '@web/lib/uploads/file-rules';
import { useCreateCase, useCreatePatient } from '../api/use-intake-mutations';
import type { VoiceNote } from '../hooks/use-voice-recorder';
import { announceProblems, chooseFiles, labelsOf, type ChosenFile } from '../lib/chosen-files';
import { submitMessages } from '../lib/messages';
import { caseOutcome, medicalFileLabel, patientOutcome, type QueuedIntake } from '../lib/outcome';
import { analysisFor, triageMetadata, type TimedAnalysis } from '../lib/intake-fields';
import { loadIntakeRequests, type IntakeRequests } from '../lib/load-intake-requests';
import { AttachmentSection } from './AttachmentSection';
import { CareTypeField } from './CareTypeField';
import type { IntakeFormHost } from './IntakeScreen';
import type { AttachmentSlot, IntakeField, IntakeReading, IntakeValues } from './intake-reading';
import { BodyRegionPicker, SymptomField } from './triage-fields';

/** Session storage key prefix of the unsent form fields (one key per reading). */
export const DRAFT_KEY_PREFIX = 'telehealth.intakeDraft.';

type ChosenByKind = Partial<Record<AttachmentSlot['kind'], ChosenFile[]>>;

/** The offline queue keeps the text only: files cannot be stored, so no file labels either. */
function withoutFiles(request: QueuedIntake): QueuedIntake {
  return request.flow === 'patient'
    ? { flow: 'patient', request: { ...request.request, medicalFiles: [] } }
    : request;
}

/**
 * The request screen's form (spec doc 1 §2, §3, §5), configured by a reading: the draft kept
 * across a reload, the triage analyser, attachments and voice note, and the submit that sends
 * the request, queues it when offline, or says why it failed.
 */
export function IntakeForm<V extends IntakeValues, K extends string>({
  host,
  reading,
}: {
  host: IntakeFormHost;
  reading: IntakeReading<V, K>;
}) {
  const createCase = useCreateCase();
  const createPatient = useCreatePatient();
  // While the first submit loads the validation and requests, the form is busy as when sending.
  const [loadingRequests, setLoadingRequests] = useState(false);
  const submitting = loadingRequests || createCase.isPending || createPatient.isPending;
  const { ids } = reading;
  const form = useForm<V, IntakeField | K>({
    initial: () => reading.initial,
    draftKey: `${DRAFT_KEY_PREFIX}${reading.draftName}`,
    order: reading.order,
    idOf: (field) =>
      field === 'requestType' ? radioOptionId(ids.requestType, 'telemedicine') : ids[field],
    busy: submitting,
    alsoClears: reading.alsoClears,
  });
  const { values, errors } = form;
  const [chosen, setChosen] = useState<ChosenByKind>({});
  const [voiceNote, setVoiceNote] = useState<VoiceNote | null>(null);
  const [analysis, setAnalysis] = useState<TimedAnalysis | null>(null);
  // The server's TRIAGE_REGION, so the patient sees the priority the server will give the case;
  // until the config arrives (or if it cannot), the default region.
  const triageRegion = useTriageRegion();

  function addFiles(slot: AttachmentSlot, picked: File[]) {
    const checked = slot.check(chosen[slot.kind]?.length ?? 0, picked);
    // Reading A's images are read first (content check); other checks answer at once.
    if (checked instanceof Promise) void checked.then((result) => showChecked(slot, result));
    else showChecked(slot, checked);
  }

  function showChecked(slot: AttachmentSlot, { accepted, problems }: FileCheck) {
    if (accepted.length > 0) {
      const added = chooseFiles(accepted);
      setChosen((current) => ({
        ...current,
        [slot.kind]: [...(current[slot.kind] ?? []), ...added],
      }));
      slot.announceAdded?.(accepted.length);
    }
    // After any 'Files Added', so a refusal is the toast that stays visible.
    announceProblems(problems);
  }

  function removeFile(slot: AttachmentSlot, id: string) {
    setChosen((current) => ({
      ...current,
      [slot.kind]: (current[slot.kind] ?? []).filter((file) => file.id !== id),
    }));
  }

  function handleAnalysis(result: SymptomAnalysis | null) {
    setAnalysis(
      result
        ? { analysis: result, at: new Date().toISOString(), text: values.symptoms.trim() }
        : null,
    );
  }

  function uploadRequests(): UploadRequest[] {
    const files = reading.attachments.flatMap((slot) =>
      (chosen[slot.kind] ?? []).map(({ file }) => ({ file, kind: slot.kind })),
    );
    if (!voiceNote) return files;
    const { file, durationSeconds } = voiceNote;
    return [...files, { file, kind: 'voice', durationSeconds }];
  }

  async function submit() {
    const medicalFiles = [
      ...reading.attachments.flatMap((slot) => labelsOf(chosen[slot.kind] ?? [])),
      ...(voiceNote ? [medicalFileLabel(voiceNote.file, Date.now())] : []),
    ];
    let requests: IntakeRequests;
    setLoadingRequests(true);
    try {
      requests = await loadIntakeRequests();
    } catch {
      // The module could not be fetched (offline before the form was ever focused): nothing
      // was checked or sent, so the patient can try again.
      toast({
        variant: 'destructive',
        title: submitMessages.failedTitle,
        description: submitMessages.patientFailed,
      });
      return;
    } finally {
      setLoadingRequests(false);
    }
    const result = reading.validate(
      values,
      {
        medicalFiles,
        metadata: triageMetadata(
          analysisFor(values.symptoms, analysis, new Date(), triageRegion),
          values.regions,
        ),
      },
      requests,
    );
    if (!result.ok) {
      form.showErrors(result.errors);
      return;
    }
    form.clearErrors();

    const { request } = result;
    const uploads = uploadRequests();
    // Always try first: `navigator.onLine` is a hint, wrong behind some VPNs and proxies.
    try {
      const outcome =
        request.flow === 'case'
          ? caseOutcome(await createCase.mutateAsync(request.intake))
          : patientOutcome(request.request, await createPatient.mutateAsync(request.request));
      form.forgetDraft();
      host.submitted(outcome, uploads);
    } catch (error) {
      if (isNetworkError(error)) {
        host.queue(withoutFiles(request), uploads);
        return;
      }
      toast({
        variant: 'destructive',
        title: submitMessages.failedTitle,
        description:
          request.flow === 'case'
            ? (serverMessageOf(error) ?? submitMessages.caseFailed)
            : submitMessages.patientFailed,
      });
    }
  }

  return (
    <Form busy={submitting} onSubmit={submit} className="grid gap-6">
      <fieldset disabled={submitting} className="grid min-w-0 gap-6">
        <CareTypeField
          id={ids.requestType}
          value={values.requestType}
          onChange={(type: RequestType) => form.change('requestType', type)}
          error={errors.requestType}
        />
        {values.requestType === 'nurse-visit' ? (
          <TextField
            {...form.textField('address')}
            label="Home Address"
            hint="Where the nurse should come."
            autoComplete="street-address"
            required
            maxLength={500}
          />
        ) : null}
        <TextField
          {...form.textField('name')}
          {...inputPresets.fullName}
          label="Full Name"
          required
        />
        {reading.beforeSymptoms?.(form)}
        <SymptomField
          {...form.textField('symptoms')}
          label="Describe Your Symptoms"
          maxLength={SYMPTOMS_MAX_LENGTH}
          region={triageRegion}
          onAnalysis={handleAnalysis}
        />
        <BodyRegionPicker
          value={values.regions}
          onChange={(regions) => form.set('regions', regions)}
          onPickSymptom={(symptom) =>
            form.change('symptoms', appendSymptom(values.symptoms, symptom, SYMPTOMS_MAX_LENGTH))
          }
        />
        {reading.afterRegions?.(form)}
        {reading.attachments.map((slot) => (
          <AttachmentSection
            key={slot.kind}
            slot={slot}
            files={chosen[slot.kind] ?? []}
            onFiles={(files) => addFiles(slot, files)}
            onRemove={(id) => removeFile(slot, id)}
          />
        ))}
        {reading.VoiceRecorder ? <reading.VoiceRecorder onChange={setVoiceNote} /> : null}
      </fieldset>

      <SubmitButton
        pending={submitting}
        icon={<Send aria-hidden="true" />}
        pendingText={submitMessages.submitting}
        size="xl"
        disabled={submitting}
        className="w-full"
      >
        {submitMessages.submit}
      </SubmitButton>
    </Form>
  );
}
