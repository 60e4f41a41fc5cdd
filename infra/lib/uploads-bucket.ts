import { Aws, Duration } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PENDING_PREFIX } from '#features/uploads/object-keys';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

/**
 * The uploads bucket has a fixed name so that other parts of the stack (the site's CSP) can
 * name its origin without referencing the bucket resource: the bucket's CORS rule references the
 * CloudFront distribution, so a reference back from the distribution would be a cycle.
 */
export function uploadsBucketName(stage: string): string {
  return `${resourcePrefix(stage)}-uploads-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The origin browsers POST to (presigned POST) and GET from (presigned GET). */
export function uploadsBucketOrigin(stage: string): string {
  return `https://${uploadsBucketName(stage)}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
}

export interface UploadsBucketProps {
  readonly config: StageConfig;
  /** `https://` + the distribution's domain: the only origin allowed to POST and GET. */
  readonly appOrigin: string;
  readonly accessLogsBucket: s3.IBucket;
}

/**
 * Patient attachments and doctor application documents (DESIGN.md §6): the browser uploads with
 * a presigned POST (size range, content type, server-chosen key under `pending/`, short expiry)
 * and downloads with short-lived presigned GETs. Nothing is public.
 */
export class UploadsBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: UploadsBucketProps) {
    super(scope, id);
    const { config } = props;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: uploadsBucketName(config.stage),
      // Patient files: SSE-KMS with the stage's own key. A presigned request runs as the role
      // that signed it, so the presigning roles get the key through S3 only
      // (infra/lib/data-key-grants.ts). The bucket key keeps KMS calls (and their cost) per
      // object batch, not per request.
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: new kms.Key(this, 'Key', {
        description: `Encrypts the uploads bucket of ${resourcePrefix(config.stage)}`,
        enableKeyRotation: true,
        removalPolicy: config.removalPolicy,
      }),
      bucketKeyEnabled: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/uploads/',
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Browsers upload under `pending/`; the server copies what it verified to its final key
        // (functions/src/features/uploads/storage.ts). Uploads nobody confirmed, and the
        // versions left by deleting confirmed ones, go after a day.
        {
          id: 'ExpirePendingUploads',
          prefix: PENDING_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.isDev,
    });

    acknowledge(
      this.bucket,
      'HIPAA.Security-S3BucketReplicationEnabled',
      'Versioning protects against deletion and overwrite within the region; cross-region ' +
        'replication (disaster recovery) is a later decision that needs a second region.',
    );
  }
}
