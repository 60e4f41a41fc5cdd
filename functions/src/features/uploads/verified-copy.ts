import { HttpError } from '#core/errors';
import { copyObject, deleteObject, readObjectHead, storedObjectSize } from './storage';

/** What a check of stored bytes sees: the size S3 holds and the first bytes. */
export interface StoredFile {
  size: number;
  head: Buffer;
}

/**
 * Copies an uploaded object from its pending key to its final key and checks the copy (issue 10
 * item 6): the bytes checked are the bytes kept, whatever happens to the pending object later.
 * A refused file is deleted at both keys and `onRefused` runs (giving its slot back) before the
 * refusal is rethrown. Answers the size of the kept copy.
 */
export async function keepVerifiedCopy(
  upload: { s3Key: string; contentType: string },
  finalKey: string,
  check: (file: StoredFile) => void,
  onRefused: () => Promise<unknown>,
): Promise<number> {
  await copyObject(upload.s3Key, finalKey, upload.contentType);
  const size = (await storedObjectSize(finalKey)) ?? 0;
  try {
    check({ size, head: await readObjectHead(finalKey) });
  } catch (error) {
    if (error instanceof HttpError) {
      await deleteObject(finalKey);
      await deleteObject(upload.s3Key);
      await onRefused();
    }
    throw error;
  }
  return size;
}

/** After the kept copy is recorded the pending object is not needed; the lifecycle rule is the backstop. */
export async function dropPendingObject(key: string): Promise<void> {
  await deleteObject(key).catch(() => undefined);
}
