import { FileText, ImagePlus } from 'lucide-react';
import { TextField } from '@web/components/form';
import { caseFileAccept, checkCaseFiles } from '@web/lib/uploads/file-rules';
import {
  CASE_FORM_ORDER,
  validateCaseForm,
  type CaseFormField,
  type CaseFormValues,
} from '../lib/validate';
import { IntakeForm } from './IntakeForm';
import type { IntakeFormHost } from './IntakeScreen';
import type { IntakeReading } from './intake-reading';

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
        label="Email Address"
        type="email"
        inputMode="email"
        autoComplete="email"
        optional
        maxLength={254}
      />
      <TextField
        {...form.textField('phone')}
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        optional
        hint="Either phone or email is required"
        maxLength={40}
      />
    </div>
  ),
  attachments: [
    {
      kind: 'image',
      id: 'case-images',
      title: 'Photos',
      hint: 'Up to 3 images (JPEG, PNG, GIF or WebP), 5MB each.',
      buttonText: 'Add Images',
      accept: caseFileAccept.image,
      icon: <ImagePlus aria-hidden="true" />,
      listLabel: 'Chosen images',
      check: (alreadyChosen, files) => checkCaseFiles('image', alreadyChosen, files),
    },
    {
      kind: 'document',
      id: 'case-documents',
      title: 'Documents',
      hint: 'Up to 5 files (PDF, Word, Excel, PowerPoint, text or CSV), 5MB each.',
      buttonText: 'Add Documents',
      accept: caseFileAccept.document,
      icon: <FileText aria-hidden="true" />,
      listLabel: 'Chosen documents',
      check: (alreadyChosen, files) => checkCaseFiles('document', alreadyChosen, files),
    },
  ],
  voiceNote: true,
  validate: (values, extras) => {
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
