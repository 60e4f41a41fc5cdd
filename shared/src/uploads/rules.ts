/**
 * File rules of the two intake readings (spec doc 1 §5, §9), shared by the forms (which refuse
 * early with the spec's toasts) and the server (which enforces them on the presigned POST and
 * again on the stored object).
 */

import { imageContentTypes } from './image-signature';

export const MB = 1024 * 1024;

/** Reading A's voice note: at most 120 s (spec doc 1 §5, §9), the cap the intake gives its recorder. */
export const VOICE_NOTE_MAX_SECONDS = 120;
/** The voice recorder's own limit when its caller sets none (spec doc 1 §9: "recorder default 300 s"). */
export const RECORDER_DEFAULT_MAX_SECONDS = 300;

/**
 * Reading A: images, documents and one voice note, each kind with its own count and size.
 * Images are every type a phone produces, HEIC/HEIF (iPhones) and AVIF included, each proved by
 * its bytes (`image-signature.ts`); 5 MB is 5242880 bytes (spec doc 1 §9).
 */
export const caseFileRules = {
  image: {
    maxCount: 3,
    maxBytes: 5 * MB,
    contentTypes: imageContentTypes,
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif'],
  },
  document: {
    maxCount: 5,
    maxBytes: 5 * MB,
    contentTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
      'text/csv',
    ],
  },
  voice: {
    maxCount: 1,
    // 120 s of 16-bit mono WAV at 48 kHz is 11.5 MB; the recorder records mono at 16 kHz
    // (3.8 MB), so 12 MB leaves room for a 44.1 kHz or 48 kHz recorder.
    maxBytes: 12 * MB,
    contentTypes: ['audio/wav'],
    maxSeconds: VOICE_NOTE_MAX_SECONDS,
  },
} as const;

/** Reading B: any allowed type, 10 MB each (spec doc 1 §5). */
export const patientFileRules = {
  maxBytes: 10 * MB,
  contentTypes: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'application/pdf',
    'text/plain',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ],
  extensions: ['jpeg', 'jpg', 'png', 'gif', 'webp', 'pdf', 'txt', 'doc', 'docx'],
  /** Not stated by the spec; 10 keeps a request reviewable and uploads bounded. */
  maxCount: 10,
} as const;

export type CaseFileKind = keyof typeof caseFileRules;
export type UploadKind = CaseFileKind | 'attachment';

export const uploadMessages = {
  invalidImage: (name: string) => `${name} must be an image under 5MB`,
  tooManyImages: 'Maximum 3 images allowed',
  tooManyDocuments: 'Maximum 5 documents allowed',
  invalidDocument: (name: string) =>
    `${name} must be a PDF, Word, Excel, PowerPoint, text or CSV file under 5MB`,
  invalidFileTypeTitle: 'Invalid File Type',
  invalidFileType: (name: string) =>
    `${name} is not a supported file type. Please upload images, PDFs, or documents.`,
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: (name: string) => `${name} is larger than 10MB. Please choose a smaller file.`,
  filesAddedTitle: 'Files Added',
  voiceTooLong: 'Voice notes can be at most 120 seconds long',
} as const;
