import type { Construct } from 'constructs';
import { envNames } from '#core/env';

/** `-c samLocal=true` (`npm run synth`): a template for `sam local invoke`, never deployed. */
export const SAM_LOCAL_CONTEXT = 'samLocal';

/**
 * What a handler needs to reach the local stack (`npm start`) that the cloud template does not
 * declare: the AWS SDK's per-service endpoints, the s3rver switch, the Stripe stand-in, and the
 * secrets that Lambda reads from Secrets Manager (`SECRETS_ARN`) but the local stack sets
 * directly. `sam local invoke --env-vars` only overrides variables the template declares, so the
 * sam template declares these, empty (read as unset by the SDK and by `core/env.ts`) until the
 * env-vars file fills them in.
 */
export const samLocalVariables = [
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_SESV2',
  'AWS_ENDPOINT_URL_SCHEDULER',
  envNames.s3ForcePathStyle,
  envNames.stripeApiUrl,
  envNames.stripeSecretKey,
  envNames.stripeWebhookSecret,
  envNames.roomTokenSecret,
  envNames.originVerifySecret,
] as const;

/** The variables above, declared empty, when the app is synthesized for sam local; else none. */
export function samLocalEnvironment(scope: Construct): Record<string, string> {
  const wanted: unknown = scope.node.tryGetContext(SAM_LOCAL_CONTEXT);
  if (wanted !== true && wanted !== 'true') return {};
  return Object.fromEntries(samLocalVariables.map((name) => [name, '']));
}
