import { FileText, ImagePlus } from 'lucide-react';
import { inputPresets } from '@web/components/form/presets';
import { TextField } from '@web/components/form/fields';
import { VOICE_NOTE_MAX_SECONDS } from '@shared/uploads/rules';
import { caseFileAccept, checkCaseFiles, type CaseFileCategory } from '@web/lib/uploads/file-rules';
import { CASE_FORM_ORDER, type CaseFormField, type CaseFormValues } from '../lib/intake-fields';
import { IntakeForm } from './IntakeForm';
import { VoiceRecorder, type VoiceRecorderProps } from './VoiceRecorder';
import type { IntakeFormHost } from './IntakeScreen';
import type { AttachmentSlot, IntakeReading } from './intake-reading';

/** A kind of case file: its rules (type, size, count) come from the case's upload rules. */
function caseFiles(
  category: CaseFileCategory,
  texts: Pick<AttachmentSlot, 'title' | 'hint' | 'buttonText' | 'icon' | 'listLabel'>,
): AttachmentSlot {
  return {
    kind: category,
    id: `case-${category}s`,
    accept: caseFileAccept[category],
    check: (alreadyChosen, files) => checkCaseFiles(category, alreadyChosen, files),
    ...texts,
  };
}

/** Reading A's recorder: capped at the voice note's 120 s, under the recorder's default 300 s. */
export function CaseVoiceRecorder(props: Omit<VoiceRecorderProps, 'maxSeconds'>) {
  return <VoiceRecorder {...props} maxSeconds={VOICE_NOTE_MAX_SECONDS} />;
}

/**
 * Reading A of the request screen (spec doc 1 §2, §5): a telemedicine request creates a case
 * (`POST /api/cases`, multipart), a home nurse visit creates a patient (reading B). Files go into
 * the case afterwards through presigned uploads.
 */
export const caseReading: IntakeReading<CaseFormValues, CaseFormField> = {
  draftName: 'case',
  initial: {
    requestType: 'telemedicine',
    name: '',
    symptoms: '',
    email: '',
    phone: '',
    address: '',
    regions: [],
  },
  ids: {
    requestType: 'case-care-type',
    address: 'case-address',
    name: 'case-name',
    symptoms: 'case-symptoms',
    email: 'case-email',
    phone: 'case-phone',
  },
  order: CASE_FORM_ORDER,
  // An email also answers 'Either phone or email is required', which sits on the phone field.
  alsoClears: { email: ['phone'] },
  afterRegions: (form) => (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...form.textField('email')}
        {...inputPresets.email}
        label="Email Address"
        optional
      />
      <TextField
        {...form.textField('phone')}
        {...inputPresets.phone}
        label="Phone Number"
        optional
        hint="Either phone or email is required"
      />
    </div>
  ),
  attachments: [
    caseFiles('image', {
      title: 'Photos',
      hint: 'Up to 3 images (JPEG, PNG, GIF or WebP), 5MB each.',
      buttonText: 'Add Images',
      icon: <ImagePlus aria-hidden="true" />,
      listLabel: 'Chosen images',
    }),
    caseFiles('document', {
      title: 'Documents',
      hint: 'Up to 5 files (PDF, Word, Excel, PowerPoint, text or CSV), 5MB each.',
      buttonText: 'Add Documents',
      icon: <FileText aria-hidden="true" />,
      listLabel: 'Chosen documents',
    }),
  ],
  VoiceRecorder: CaseVoiceRecorder,
  validate: (values, extras, { validateCaseForm }) => {
    const result = validateCaseForm(values, extras);
    if (!result.ok) return result;
    return {
      ok: true,
      request:
        result.flow === 'case'
          ? { flow: 'case', intake: result.intake }
          : { flow: 'patient', request: result.request },
    };
  },
};

export function CaseRequestForm({ host }: { host: IntakeFormHost }) {
  return <IntakeForm host={host} reading={caseReading} />;
}
