import { Paperclip } from 'lucide-react';
import { SYMPTOMS_MAX_LENGTH } from '@shared/cases/intake-limits';
import { uploadMessages } from '@shared/uploads/rules';
import { TextAreaField, TextField } from '@web/components/form/fields';
import { toast } from '@web/hooks/use-toast';
import { checkPatientFiles, filesAddedText, patientFileAccept } from '@web/lib/uploads/file-rules';
import {
  PATIENT_FORM_ORDER,
  type PatientFormField,
  type PatientFormValues,
} from '../lib/intake-fields';
import { IntakeForm } from './IntakeForm';
import type { IntakeFormHost } from './IntakeScreen';
import type { IntakeReading } from './intake-reading';

/**
 * Reading B of the request screen (spec doc 1 §2, §3, §5): creates a patient and its case
 * (`POST /api/patients`, JSON), then uploads the attachments into the case.
 */
export const patientReading: IntakeReading<PatientFormValues, PatientFormField> = {
  draftName: 'patient',
  initial: {
    requestType: '',
    name: '',
    contactInfo: '',
    symptoms: '',
    history: '',
    address: '',
    regions: [],
  },
  ids: {
    requestType: 'patient-care-type',
    address: 'patient-address',
    name: 'patient-name',
    contactInfo: 'patient-contact',
    symptoms: 'patient-symptoms',
    history: 'patient-history',
  },
  order: PATIENT_FORM_ORDER,
  beforeSymptoms: (form) => (
    <TextField
      {...form.textField('contactInfo')}
      label="Email or Phone"
      hint="How we can reach you about your visit."
      required
      maxLength={254}
    />
  ),
  afterRegions: (form) => (
    <TextAreaField
      {...form.textField('history')}
      label="Medical History"
      optional
      hint="Conditions, medicines or allergies the provider should know about."
      maxLength={SYMPTOMS_MAX_LENGTH}
    />
  ),
  attachments: [
    {
      kind: 'attachment',
      id: 'patient-files',
      title: 'Medical Files',
      hint: 'Images (JPEG, PNG, GIF, WebP), PDFs, text or Word documents, up to 10MB each.',
      buttonText: 'Add Files',
      accept: patientFileAccept,
      icon: <Paperclip aria-hidden="true" />,
      listLabel: 'Chosen files',
      check: checkPatientFiles,
      announceAdded: (count) =>
        toast({ title: uploadMessages.filesAddedTitle, description: filesAddedText(count) }),
    },
  ],
  validate: (values, extras, { validatePatientForm }) => {
    const result = validatePatientForm(values, extras);
    return result.ok ? { ok: true, request: { flow: 'patient', request: result.request } } : result;
  },
};

export function PatientRequestForm({ host }: { host: IntakeFormHost }) {
  return <IntakeForm host={host} reading={patientReading} />;
}
