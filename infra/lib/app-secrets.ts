import { SecretValue } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct, type IConstruct } from 'constructs';
import type { SecretId } from '../../functions/src/handler-permissions';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface AppSecretsProps {
  readonly config: StageConfig;
  /**
   * The Secrets Manager version id of the origin-verify value CloudFront is to send
   * (`-c originVerifySecretVersion=…`, docs/deployment.md "Rotating the origin-verify secret").
   * Unset: the current version when the stack is deployed.
   */
  readonly originVerifyVersion?: string;
}

/** `-c originVerifySecretVersion=…`: the origin-verify version a rotation's deploy names. */
export const ORIGIN_VERIFY_VERSION_CONTEXT = 'originVerifySecretVersion';

/** The version of `-c originVerifySecretVersion`, if the deploy names one. */
export function originVerifyVersionOf(scope: IConstruct): string | undefined {
  const value: unknown = scope.node.tryGetContext(ORIGIN_VERIFY_VERSION_CONTEXT);
  return typeof value === 'string' && value ? value : undefined;
}

/** Secrets Manager version ids are 32-64 characters (a UUID when Secrets Manager makes one). */
const versionIdPattern = /^[A-Za-z0-9-]{32,64}$/;

function parseVersionId(value: string | undefined): string | undefined {
  if (value === undefined || versionIdPattern.test(value)) return value;
  throw new Error(
    `Invalid originVerifySecretVersion ${JSON.stringify(value)}: use the VersionId that ` +
      '`aws secretsmanager put-secret-value` printed (docs/deployment.md).',
  );
}

/**
 * The handlers' secrets (DESIGN.md §6), one Secrets Manager secret per audience (issue 11 item 1):
 * - `stripe`: Stripe's secret key and webhook signing secret, set by an operator after the first
 *   deploy (docs/deployment.md); only the payment handlers (and the case expiry, which refunds)
 *   read it;
 * - `room`: the room-link signing key, generated here; read by the handlers that sign join links
 *   (a case is paid) and the one that verifies them (`meetings/join-room`);
 * - `originVerify`: the header CloudFront adds to API requests; every HTTP handler and
 *   `realtime/connect` read it.
 * Handlers read theirs at cold start through `SECRETS_ARN` (functions/src/lib/secrets.ts), which
 * lists only the secrets the function's declaration names (functions/src/handler-permissions.ts);
 * the values never appear in the template or Lambda's environment.
 */
export class AppSecrets extends Construct {
  readonly stripe: secretsmanager.Secret;
  readonly room: secretsmanager.Secret;
  /**
   * `ORIGIN_VERIFY_SECRET`: CloudFront adds it to every API request as `x-origin-verify`, and
   * the handlers trust `CloudFront-Viewer-Address` only on requests carrying it (DESIGN.md §6).
   * CloudFront reads it at deploy time.
   */
  readonly originVerify: secretsmanager.Secret;
  private readonly byId: Record<SecretId, secretsmanager.Secret>;
  private readonly originVerifyVersion: string | undefined;

  constructor(scope: Construct, id: string, props: AppSecretsProps) {
    super(scope, id);
    this.originVerifyVersion = parseVersionId(props.originVerifyVersion);
    const prefix = resourcePrefix(props.config.stage);
    // One key for the three: a role may decrypt with it only through Secrets Manager
    // (`kms:ViaService`), which first checks GetSecretValue on the one secret asked for.
    const key = new kms.Key(this, 'Key', {
      description: `${prefix} application secrets`,
      enableKeyRotation: true,
      removalPolicy: props.config.removalPolicy,
    });
    const secret = (
      constructId: string,
      name: string,
      description: string,
      value: Pick<secretsmanager.SecretProps, 'generateSecretString' | 'secretObjectValue'>,
    ) =>
      new secretsmanager.Secret(this, constructId, {
        secretName: `${prefix}/${name}`,
        description,
        encryptionKey: key,
        removalPolicy: props.config.removalPolicy,
        ...value,
      });
    /** A secret whose one key is generated here. */
    const generated = (secretKey: string, length: number) => ({
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: secretKey,
        passwordLength: length,
        excludePunctuation: true,
      },
    });
    this.stripe = secret(
      'Stripe',
      'stripe',
      'Stripe secret key and webhook signing secret of the payment handlers',
      {
        // Empty until an operator writes the real keys (docs/deployment.md).
        secretObjectValue: {
          STRIPE_SECRET_KEY: SecretValue.unsafePlainText(''),
          STRIPE_WEBHOOK_SECRET: SecretValue.unsafePlainText(''),
        },
      },
    );
    this.room = secret(
      'RoomToken',
      'room-token',
      'The key that signs the video room links',
      generated('ROOM_TOKEN_SECRET', 64),
    );
    this.originVerify = secret(
      'OriginVerify',
      'origin-verify',
      'The header CloudFront adds to API requests to prove they came through it',
      generated('ORIGIN_VERIFY_SECRET', 48),
    );
    this.byId = { stripe: this.stripe, room: this.room, originVerify: this.originVerify };

    const rotation =
      'CloudFront reads the value at deploy time, from the version the deploy names: an operator ' +
      'rotates it in two phases (write a new value, which the authorizer and handlers accept ' +
      'alongside the previous one; then deploy with its version id; then retire the previous ' +
      'one; docs/deployment.md). A rotation Lambda could not update CloudFront.';
    acknowledge(this.originVerify, 'AwsSolutions-SMG4', rotation);
    acknowledge(this.originVerify, 'HIPAA.Security-SecretsManagerRotationEnabled', rotation);
    const stripeRotation =
      'Stripe keys are rotated in the Stripe dashboard and then written here by an operator ' +
      '(docs/deployment.md); a rotation Lambda cannot create Stripe keys.';
    acknowledge(this.stripe, 'AwsSolutions-SMG4', stripeRotation);
    acknowledge(this.stripe, 'HIPAA.Security-SecretsManagerRotationEnabled', stripeRotation);
    const roomRotation =
      'Rotating the room key invalidates every join link already sent (they carry its ' +
      'signature for the life of the case); an operator rotates it between consultations ' +
      '(docs/deployment.md).';
    acknowledge(this.room, 'AwsSolutions-SMG4', roomRotation);
    acknowledge(this.room, 'HIPAA.Security-SecretsManagerRotationEnabled', roomRotation);
  }

  /**
   * The origin-verify value CloudFront sends, as a deploy-time reference (never in the template's
   * text). CloudFormation resolves a dynamic reference again only when its text changes, so the
   * reference names the version given with `-c originVerifySecretVersion`: a rotation's deploy
   * changes it, and CloudFront gets the new value (docs/adr/0011-origin-authorizer.md).
   */
  get originVerifyValue(): string {
    return SecretValue.secretsManager(this.originVerify.secretArn, {
      jsonField: 'ORIGIN_VERIFY_SECRET',
      ...(this.originVerifyVersion ? { versionId: this.originVerifyVersion } : {}),
    }).unsafeUnwrap();
  }

  /**
   * Lets `grantee` read the named secrets (GetSecretValue, and decrypting through Secrets
   * Manager only) and answers their ARNs, the value of its `SECRETS_ARN`.
   */
  grantRead(grantee: iam.IGrantable, ids: readonly SecretId[]): string[] {
    return ids.map((id) => {
      const secret = this.byId[id];
      secret.grantRead(grantee);
      return secret.secretArn;
    });
  }
}
