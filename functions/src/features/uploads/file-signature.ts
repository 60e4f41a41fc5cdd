import { imageContentTypes, imageTypesOf } from '@shared/uploads/image-signature';

/**
 * What a file really is, from its first bytes (DESIGN.md §6: the server verifies the stored
 * object, never the browser's claim). Returns the content types the bytes are compatible with.
 */
const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (head: Buffer, start: number, end: number) =>
  head.subarray(start, end).toString('latin1');

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Text files have no signature: valid UTF-8 without NUL bytes in the first kilobytes. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream` tolerates a character cut in half at the end of the bytes read back.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const isImageType = (type: string): boolean =>
  (imageContentTypes as readonly string[]).includes(type);

export function contentTypeMatches(head: Buffer, declared: string): boolean {
  // Images (JPEG to HEIC/AVIF) are told apart by the one shared reader the browser uses too.
  if (isImageType(declared)) return (imageTypesOf(head) as string[]).includes(declared);
  switch (declared) {
    case 'audio/wav':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE';
    case 'application/pdf':
      return ascii(head, 0, 5) === '%PDF-';
    case 'application/msword':
    case 'application/vnd.ms-excel':
    case 'application/vnd.ms-powerpoint':
      return startsWith(head, OLE);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return startsWith(head, ZIP);
    case 'text/plain':
    case 'text/csv':
      return looksLikeText(head);
    default:
      return false;
  }
}

/**
 * Length of a PCM WAV recording in seconds, from its header (byte rate and data chunk size), or
 * null when the header cannot be read from `head`.
 */
export function wavDurationSeconds(head: Buffer): number | null {
  if (!contentTypeMatches(head, 'audio/wav')) return null;
  let offset = 12;
  let byteRate: number | null = null;
  while (offset + 8 <= head.length) {
    const chunkId = ascii(head, offset, offset + 4);
    const chunkSize = head.readUInt32LE(offset + 4);
    if (chunkId === 'fmt ' && offset + 16 <= head.length) {
      byteRate = head.readUInt32LE(offset + 16);
    }
    if (chunkId === 'data') {
      return byteRate ? chunkSize / byteRate : null;
    }
    offset += 8 + chunkSize + (chunkSize % 2);
  }
  return null;
}
