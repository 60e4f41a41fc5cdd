import {
  applicationDocumentMessages,
  applicationDocumentRules,
  type ApplicationDocumentType,
} from '@shared/doctor-applications/submit';
import { contentTypeOf } from '@web/lib/uploads/file-types';

/** A document the form asks for (spec doc 2 §5). */
export interface DocumentSlot {
  type: ApplicationDocumentType;
  label: string;
  hint: string;
  required: boolean;
  /** Toast when a required document is missing (spec §5). */
  missing?: { title: string; description: string };
}

export const DOCUMENT_SLOTS: readonly DocumentSlot[] = [
  {
    type: 'medical_license',
    label: 'Medical License',
    hint: 'A scan or photo of your current medical license.',
    required: true,
    missing: {
      title: applicationDocumentMessages.licenseRequiredTitle,
      description: applicationDocumentMessages.licenseRequired,
    },
  },
  {
    type: 'identification',
    label: 'Government-issued ID',
    hint: 'A passport, driver’s license or state ID card.',
    required: true,
    missing: {
      title: applicationDocumentMessages.idRequiredTitle,
      description: applicationDocumentMessages.idRequired,
    },
  },
  {
    type: 'hospital_credentials',
    label: 'Hospital Credentials',
    hint: 'Proof of privileges or employment at your hospital.',
    required: false,
  },
  {
    type: 'cv',
    label: 'CV / Resume',
    hint: 'Your curriculum vitae.',
    required: false,
  },
];

export type ChosenDocuments = Partial<Record<ApplicationDocumentType, File>>;

export function documentLabel(type: string): string {
  return DOCUMENT_SLOTS.find((slot) => slot.type === type)?.label ?? type;
}

/** `accept` of the pickers: PDF, JPG, PNG by type and extension. */
export const DOCUMENT_ACCEPT = [
  ...applicationDocumentRules.contentTypes,
  ...applicationDocumentRules.extensions.map((extension) => `.${extension}`),
].join(',');

export const DOCUMENT_HINT = 'PDF, JPG or PNG, up to 5MB.';

export interface DocumentProblem {
  title: string;
  description: string;
}

/** pdf, jpeg, jpg, png only; at most 5 MB (spec doc 2 §5). */
export function checkDocumentFile(file: File): DocumentProblem | null {
  const allowed: readonly string[] = applicationDocumentRules.contentTypes;
  if (!allowed.includes(contentTypeOf(file))) {
    return {
      title: applicationDocumentMessages.invalidTypeTitle,
      description: applicationDocumentMessages.invalidType,
    };
  }
  if (file.size > applicationDocumentRules.maxBytes) {
    return {
      title: applicationDocumentMessages.tooLargeTitle,
      description: applicationDocumentMessages.tooLarge,
    };
  }
  return null;
}

/** The required documents not chosen yet, in screen order. */
export function missingRequiredDocuments(documents: ChosenDocuments): DocumentSlot[] {
  return DOCUMENT_SLOTS.filter((slot) => slot.required && !documents[slot.type]);
}

export function documentPickerId(type: string): string {
  return `application-document-${type}`;
}
