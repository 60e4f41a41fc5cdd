import { S3Client } from '@aws-sdk/client-s3';
import { env } from './env';

let client: S3Client | undefined;

/**
 * The S3 client. Path-style addressing is set for the local s3rver only (bucket names are not
 * DNS names there); checksums only when required, which s3rver and presigned POSTs need.
 */
export function s3(): S3Client {
  client ??= new S3Client({
    forcePathStyle: env.s3ForcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}
