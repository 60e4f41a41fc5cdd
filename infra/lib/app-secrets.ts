import type * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface AppSecretsProps {
  readonly config: StageConfig;
}

/**
 * The handlers' secrets (DESIGN.md §6): Stripe's secret key and webhook signing secret, set by
 * an operator after the first deploy (docs/deployment.md), and the room-link signing key,
 * generated here. Handlers read them at cold start through `SECRETS_ARN`
 * (functions/src/lib/secrets.ts); they never appear in the template or Lambda's environment.
 */
export class AppSecrets extends Construct {
  readonly secret: secretsmanager.Secret;
  /**
   * `ORIGIN_VERIFY_SECRET`: CloudFront adds it to every API request as `x-origin-verify`, and
   * the handlers trust `CloudFront-Viewer-Address` only on requests carrying it (DESIGN.md §6).
   * Its own secret because a secret generates one key, and CloudFront reads it at deploy time.
   */
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: AppSecretsProps) {
    super(scope, id);
    const key = new kms.Key(this, 'Key', {
      description: `${resourcePrefix(props.config.stage)} application secrets`,
      enableKeyRotation: true,
      removalPolicy: props.config.removalPolicy,
    });
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      secretName: `${resourcePrefix(props.config.stage)}/app`,
      description: 'Stripe keys and the room-link signing key of the telehealth handlers',
      encryptionKey: key,
      removalPolicy: props.config.removalPolicy,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }),
        generateStringKey: 'ROOM_TOKEN_SECRET',
        passwordLength: 64,
        excludePunctuation: true,
      },
    });
    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      secretName: `${resourcePrefix(props.config.stage)}/origin-verify`,
      description: 'The header CloudFront adds to API requests to prove they came through it',
      encryptionKey: key,
      removalPolicy: props.config.removalPolicy,
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'ORIGIN_VERIFY_SECRET',
        passwordLength: 48,
        excludePunctuation: true,
      },
    });
    const rotation =
      'CloudFront reads the value at deploy time: rotate by writing a new value and ' +
      'redeploying (docs/deployment.md). A warm function reloads it on the first request ' +
      'carrying the new value, at most once a minute, so a Lambda rotation has nothing to add.';
    acknowledge(this.originVerify, 'AwsSolutions-SMG4', rotation);
    acknowledge(this.originVerify, 'HIPAA.Security-SecretsManagerRotationEnabled', rotation);
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      'Stripe keys are rotated in the Stripe dashboard and then written here by an operator ' +
        '(docs/deployment.md); a rotation Lambda cannot create Stripe keys.',
    );
    acknowledge(
      this.secret,
      'HIPAA.Security-SecretsManagerRotationEnabled',
      'Stripe keys are rotated in the Stripe dashboard and then written here by an operator ' +
        '(docs/deployment.md); a rotation Lambda cannot create Stripe keys.',
    );
  }

  /** The value of `SECRETS_ARN`: every secret the handlers load at cold start. */
  get arns(): string {
    return [this.secret.secretArn, this.originVerify.secretArn].join(',');
  }

  /** The origin-verify value, as a deploy-time reference (never in the template's text). */
  get originVerifyValue(): string {
    return this.originVerify.secretValueFromJson('ORIGIN_VERIFY_SECRET').unsafeUnwrap();
  }

  grantRead(grantee: iam.IGrantable): void {
    this.secret.grantRead(grantee);
    this.originVerify.grantRead(grantee);
  }
}
