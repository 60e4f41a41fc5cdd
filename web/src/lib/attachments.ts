/** The document viewer's words for a file it cannot show inline (spec doc 2 §2). */
export const PREVIEW_NOT_AVAILABLE = 'Preview not available';

/**
 * What the document viewer can show inline (spec doc 2 §2): `convert` is an image most browsers
 * cannot show (HEIC/HEIF from iPhones), decoded in the page first (`heic-image.ts`).
 */
export type PreviewKind = 'pdf' | 'image' | 'convert' | 'none';

export type FileKind = 'pdf' | 'image' | 'document' | 'spreadsheet' | 'video' | 'audio' | 'other';

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  heic: 'image',
  heif: 'image',
  doc: 'document',
  docx: 'document',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  mp4: 'video',
  avi: 'video',
  mov: 'video',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
};

// The spec's four, and the two more the patient may upload that every supported browser shows.
const INLINE_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif']);
// Patients upload iPhone photos as they are (shared/src/uploads/rules.ts); only Safari shows them.
const CONVERTED_IMAGES = new Set(['heic', 'heif']);

/** Lower-case extension of a file name, without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function fileKind(name: string): FileKind {
  return KIND_BY_EXTENSION[fileExtension(name)] ?? 'other';
}

/**
 * Pdf in a frame; jpg, jpeg, png, gif, webp and avif as images; heic and heif converted first;
 * anything else is not previewed.
 */
export function previewKind(name: string): PreviewKind {
  const extension = fileExtension(name);
  if (extension === 'pdf') return 'pdf';
  if (CONVERTED_IMAGES.has(extension)) return 'convert';
  return INLINE_IMAGES.has(extension) ? 'image' : 'none';
}

/** The name a person gave the file, else the stored one. */
export function attachmentName(attachment: { originalName: string; filename: string }): string {
  return attachment.originalName.trim() || attachment.filename;
}

/** `512 B`, `1.5 KB`, `2.3 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Application document types (spec doc 2 §3) in words; other types are shown with spaces. */
const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  medical_license: 'Medical License',
  identification: 'Government ID',
  hospital_credentials: 'Hospital Credentials',
  cv: 'CV',
  board_certifications: 'Board Certifications',
  malpractice_insurance: 'Malpractice Insurance',
};

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type] ?? type.replace(/_/g, ' ');
}
