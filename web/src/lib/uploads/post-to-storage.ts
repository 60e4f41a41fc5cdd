/** A refusal from the storage service (S3 answers XML: `<Error><Message>...</Message>`). */
export class StorageUploadError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'StorageUploadError';
    this.status = status;
  }
}

function storageMessage(text: string): string | undefined {
  const match = /<Message>([^<]*)<\/Message>/i.exec(text);
  return match?.[1]?.trim() || undefined;
}

/**
 * Sends one file with a presigned S3 POST: every policy field first, the file last under `file`
 * (S3 ignores fields after the file). The URL is the bucket's, so no cookies go with it.
 */
export async function postToStorage(
  url: string,
  fields: Readonly<Record<string, string>>,
  file: Blob,
  filename: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, filename);

  const res = await fetch(url, { method: 'POST', body, credentials: 'omit', signal });
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new StorageUploadError(
    res.status,
    storageMessage(text) ?? (text.trim() || res.statusText || `Upload failed (${res.status})`),
  );
}
