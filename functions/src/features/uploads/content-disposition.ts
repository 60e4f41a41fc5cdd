/**
 * The `Content-Disposition` of a download (issue 10 item 6). Images and PDFs are shown in the
 * browser (`inline`): the viewer previews them. Everything else (Word, Excel, text, audio) is
 * saved (`attachment`), so the browser never renders a patient's file as a page of the bucket's
 * origin. The name travels twice: an ASCII `filename=` for old clients and the exact name as
 * RFC 5987 `filename*=UTF-8''…` (RFC 6266 §4.3: clients that know `filename*` prefer it).
 */
const PREVIEWABLE = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
]);

export function isPreviewable(contentType: string): boolean {
  return PREVIEWABLE.has(contentType);
}

/** Printable ASCII without the quote and backslash a quoted-string would need to escape. */
function asciiFallback(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_')
    .trim();
  return ascii || 'file';
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8 except `attr-char`. */
function rfc5987(filename: string): string {
  return encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(filename: string, contentType: string): string {
  const type = isPreviewable(contentType) ? 'inline' : 'attachment';
  const name = filename.replace(/[\r\n]/g, '') || 'file';
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}
