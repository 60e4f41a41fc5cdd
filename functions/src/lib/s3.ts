import { S3Client } from '@aws-sdk/client-s3';

let client: S3Client | undefined;

/**
 * The S3 client. `S3_FORCE_PATH_STYLE` is set for the local s3rver only (bucket names are not
 * DNS names there); checksums only when required, which s3rver and presigned POSTs need.
 */
export function s3(): S3Client {
  client ??= new S3Client({
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}
