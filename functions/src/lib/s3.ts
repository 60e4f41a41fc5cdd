import { S3Client } from '@aws-sdk/client-s3';
import { awsClientConfig, watchDependency } from './aws-clients';
import { env } from './env';

let client: S3Client | undefined;

/**
 * The S3 client. Path-style addressing is set for the local s3rver only (bucket names are not
 * DNS names there); checksums only when required, which s3rver and presigned POSTs need.
 */
export function s3(): S3Client {
  client ??= watchDependency(
    new S3Client({
      ...awsClientConfig(),
      forcePathStyle: env.s3ForcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    'S3',
  );
  return client;
}
