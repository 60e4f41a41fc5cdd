import { caseFileRules, patientFileRules, uploadMessages } from '@shared/uploads/rules';
import type { UploadKind } from '@shared/uploads/rules';

export interface UploadRule {
  kind: UploadKind;
  maxBytes: number;
  contentTypes: readonly string[];
  maxCount: number;
  /** The case attachment type it becomes (spec doc 2 §3). */
  attachmentType: 'medical_record' | 'voice_message';
  tooMany: string;
  invalid: (filename: string) => string;
}

/** The server side of the intake file rules (spec doc 1 §5, §9), per upload kind. */
export const uploadRules: Record<UploadKind, UploadRule> = {
  image: {
    kind: 'image',
    ...caseFileRules.image,
    attachmentType: 'medical_record',
    tooMany: uploadMessages.tooManyImages,
    invalid: uploadMessages.invalidImage,
  },
  document: {
    kind: 'document',
    ...caseFileRules.document,
    attachmentType: 'medical_record',
    tooMany: uploadMessages.tooManyDocuments,
    invalid: uploadMessages.invalidDocument,
  },
  voice: {
    kind: 'voice',
    maxBytes: caseFileRules.voice.maxBytes,
    contentTypes: caseFileRules.voice.contentTypes,
    maxCount: caseFileRules.voice.maxCount,
    attachmentType: 'voice_message',
    tooMany: 'Only one voice note can be attached',
    invalid: (name) => `${name} must be a WAV recording`,
  },
  attachment: {
    kind: 'attachment',
    maxBytes: patientFileRules.maxBytes,
    contentTypes: patientFileRules.contentTypes,
    maxCount: patientFileRules.maxCount,
    attachmentType: 'medical_record',
    tooMany: `Maximum ${patientFileRules.maxCount} files allowed`,
    invalid: uploadMessages.invalidFileType,
  },
};

/** Browsers label some files loosely (`image/jpg`, `audio/x-wav`); normalise before checking. */
export function normalizeContentType(contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const aliases: Record<string, string> = {
    'image/jpg': 'image/jpeg',
    'image/pjpeg': 'image/jpeg',
    // Apple's labels for a burst or live photo: still a HEIC/HEIF container.
    'image/heic-sequence': 'image/heic',
    'image/heif-sequence': 'image/heif',
    'audio/x-wav': 'audio/wav',
    'audio/wave': 'audio/wav',
    'audio/vnd.wave': 'audio/wav',
  };
  return aliases[type] ?? type;
}

/** `1732190000000-chest_xray.png`: the stored name (spec doc 1 §3: timestamp-filename). */
export function storedFilename(originalName: string, now = new Date()): string {
  const safe = originalName
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(-120);
  return `${now.getTime()}-${safe || 'file'}`;
}
