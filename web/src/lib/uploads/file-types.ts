/**
 * What a picked file is. Browsers label some files loosely or not at all (an empty `type` for
 * `.docx` on some systems, `image/jpg`), so the extension decides when the label is missing.
 */

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  wav: 'audio/wav',
};

const TYPE_ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** What some systems call any file they cannot name. */
const GENERIC_TYPE = 'application/octet-stream';

/** `report.PDF` → `pdf`; no extension → `''`. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file's content type, normalised; from the extension when the browser gave none. */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (type && type !== GENERIC_TYPE) return TYPE_ALIASES[type] ?? type;
  return EXTENSION_TYPES[fileExtension(file.name)] ?? type;
}

/** `1.5 MB`, `320 KB`: for file lists. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
