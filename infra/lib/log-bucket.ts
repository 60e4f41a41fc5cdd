import { Duration } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import type { StageConfig } from './stage-config';

export interface LogBucketProps {
  readonly config: StageConfig;
}

/**
 * The target of S3 server access logs (uploads and site buckets) and of CloudFront standard
 * logs. Access logs carry request metadata (paths with ids, IP addresses), so they are kept
 * private, encrypted and expire after `accessLogExpirationDays`; CloudFront's sooner (a rule
 * of their own, added by the site: `cloudFrontLogRetentionDays`).
 */
export class LogBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: LogBucketProps) {
    super(scope, id);
    const { config } = props;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      // S3 server access log delivery supports only SSE-S3 on the target bucket.
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      // CloudFront standard logging writes with ACLs, so the bucket must accept them.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          expiration: Duration.days(config.accessLogExpirationDays),
          noncurrentVersionExpiration: Duration.days(7),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.isDev,
    });

    acknowledge(
      this.bucket,
      'HIPAA.Security-S3DefaultEncryptionKMS',
      'S3 server access log delivery only supports SSE-S3 on the target bucket; objects are ' +
        'still encrypted at rest (AES-256).',
    );
    acknowledge(
      this.bucket,
      'HIPAA.Security-S3BucketReplicationEnabled',
      'Access logs are operational data with a bounded lifetime; cross-region replication is ' +
        'not worth its cost for them.',
    );
  }
}
