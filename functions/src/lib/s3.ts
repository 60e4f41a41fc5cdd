import type { S3Client } from '@aws-sdk/client-s3';
import { awsClientConfig, watchDependency } from '../core/aws-clients';
import { env } from '../core/env';

/**
 * Loaded on first use, not with the handler: S3 is the largest client, and several handlers
 * that bundle it reach S3 on some requests only (docs/architecture.md, "Cold start").
 */
export const s3Sdk = () => import('./aws-sdk/s3');

let client: S3Client | undefined;

/**
 * The S3 client. Path-style addressing is set for the local s3rver only (bucket names are not
 * DNS names there); checksums only when required, which s3rver and presigned POSTs need.
 */
export async function s3(): Promise<S3Client> {
  const { S3Client } = await s3Sdk();
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
