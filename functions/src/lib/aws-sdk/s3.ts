/**
 * The parts of this SDK client that `lib/s3.ts` and `features/uploads/storage.ts` use. They
 * import this module on first use, not with the handler: docs/architecture.md, "Cold start",
 * says why through a module of re-exports.
 */
export {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
