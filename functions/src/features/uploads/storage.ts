import type { CreateUploadResponse } from '@shared/cases/api';
import { ATTACHMENT_LINK_SECONDS } from '@shared/cases/attachment-links';
import { env } from '#core/env';
import { checkPermission } from '#core/permission-guard';
import { s3, s3Sdk } from '#lib/s3';
import { contentDisposition } from './content-disposition';

export {
  PENDING_PREFIX,
  applicationObjectKey,
  caseObjectKey,
  pendingApplicationObjectKey,
  pendingCaseObjectKey,
} from './object-keys';

/** A presigned POST lives five minutes: long enough for a 12 MB upload on a slow line. */
export const PRESIGNED_POST_SECONDS = 300;
/** Bytes read back to check a file's signature and a WAV header. */
const HEAD_BYTES = 4096;

/**
 * The browser's permission to upload one file: the server picks the key, the exact content type
 * and the size range; S3 enforces them (s3rver does not, so `confirm` verifies again).
 */
export async function presignUpload(key: string, contentType: string, maxBytes: number) {
  // Signed here, sent by the browser: the local IAM check sees it only through this call.
  checkPermission({ dependency: 'S3', command: 'PutObjectCommand', input: { Key: key } });
  // Imported on use like the client (lib/s3.ts): only the upload handlers presign a POST.
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const post = await createPresignedPost(await s3(), {
    Bucket: env.uploadsBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: PRESIGNED_POST_SECONDS,
  });
  return post;
}

/**
 * The answer to a presign request whose upload already holds its slot: a presigned POST for its
 * pending key. When presigning fails, `release` gives the slot back before the error goes on.
 */
export async function grantPendingUpload(
  upload: { uploadId: string; s3Key: string; contentType: string },
  maxBytes: number,
  now: Date,
  release: () => Promise<unknown>,
): Promise<CreateUploadResponse> {
  const post = await presignUpload(upload.s3Key, upload.contentType, maxBytes).catch(
    async (error: unknown) => {
      await release();
      throw error;
    },
  );
  return {
    uploadId: upload.uploadId,
    url: post.url,
    fields: post.fields,
    expiresAt: new Date(now.getTime() + PRESIGNED_POST_SECONDS * 1000).toISOString(),
  };
}

/**
 * Whether a HEAD answer means "no such object". S3 answers a missing key with 404 only to a
 * caller that may list the bucket; no role here has `s3:ListBucket` (keys carry case ids, which
 * are capabilities: docs/security.md), so in AWS a missing key answers 403 `Forbidden`. Every
 * caller of this has `s3:GetObject` on the key's prefix (functions/src/handler-permissions.ts),
 * so a 403 here cannot be a refusal of the object itself.
 */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || (name === 'Forbidden' && $metadata?.httpStatusCode === 403);
}

export async function storedObjectSize(key: string): Promise<number | null> {
  const { HeadObjectCommand } = await s3Sdk();
  try {
    const s3Client = await s3();
    const head = await s3Client.send(
      new HeadObjectCommand({ Bucket: env.uploadsBucket, Key: key }),
    );
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

export async function readObjectHead(key: string): Promise<Buffer> {
  const { GetObjectCommand } = await s3Sdk();
  const s3Client = await s3();
  const object = await s3Client.send(
    new GetObjectCommand({
      Bucket: env.uploadsBucket,
      Key: key,
      Range: `bytes=0-${HEAD_BYTES - 1}`,
    }),
  );
  const bytes = await object.Body?.transformToByteArray();
  return Buffer.from(bytes ?? new Uint8Array());
}

/**
 * Copies an uploaded object to its final key, with the content type the server chose. The
 * copy is what gets verified afterwards, so the check sees exactly the bytes that are kept
 * (s3rver ignores `x-amz-copy-source-if-match`, so pinning the source by ETag would prove
 * nothing locally; checking the copy needs no precondition).
 */
export async function copyObject(
  sourceKey: string,
  targetKey: string,
  contentType: string,
): Promise<void> {
  const { CopyObjectCommand } = await s3Sdk();
  const s3Client = await s3();
  await s3Client.send(
    new CopyObjectCommand({
      Bucket: env.uploadsBucket,
      Key: targetKey,
      CopySource: `${env.uploadsBucket}/${sourceKey}`,
      MetadataDirective: 'REPLACE',
      ContentType: contentType,
    }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  const { DeleteObjectCommand } = await s3Sdk();
  const s3Client = await s3();
  await s3Client.send(new DeleteObjectCommand({ Bucket: env.uploadsBucket, Key: key }));
}

export async function putObject(key: string, contentType: string, body: Buffer): Promise<void> {
  const { PutObjectCommand } = await s3Sdk();
  const s3Client = await s3();
  await s3Client.send(
    new PutObjectCommand({
      Bucket: env.uploadsBucket,
      Key: key,
      ContentType: contentType,
      Body: body,
    }),
  );
}

/** Downloads are short-lived presigned GETs (DESIGN.md §6): five minutes. */
export const PRESIGNED_GET_SECONDS = ATTACHMENT_LINK_SECONDS;

/**
 * A download link: inline for what the viewer previews, a saved file for the rest, with the
 * original name in RFC 5987 form (`content-disposition.ts`).
 */
export async function presignDownload(
  key: string,
  filename: string,
  contentType: string,
): Promise<string> {
  const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
    s3Sdk(),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return getSignedUrl(
    await s3(),
    new GetObjectCommand({
      Bucket: env.uploadsBucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(filename, contentType),
    }),
    { expiresIn: PRESIGNED_GET_SECONDS },
  );
}
