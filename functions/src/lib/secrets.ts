import { awsClientConfig, watchDependency } from './aws-clients';
import { env, applySecretValues } from './env';

/**
 * Secrets in the cloud live in Secrets Manager (DESIGN.md §6), not in Lambda's environment: the
 * stack passes a function the ARNs of the secrets its handler declares, and only those, as
 * `SECRETS_ARN` (comma-separated; `functions/src/handler-permissions.ts`: the Stripe keys, the
 * room-link key, the origin-verify header), and each cold start copies the listed values into
 * the environment, where `env.ts` reads them like any setting. A function without secrets has
 * no `SECRETS_ARN` and loads nothing. Locally there is no ARN and the local stack sets the
 * values itself.
 */
export const secretNames = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ROOM_TOKEN_SECRET',
  'ORIGIN_VERIFY_SECRET',
] as const;

let loading: Promise<void> | undefined;

export function loadSecrets(): Promise<void> {
  const arn = env.secretsArn;
  if (!arn) return Promise.resolve();
  loading ??= (async () => {
    const { GetSecretValueCommand, SecretsManagerClient } =
      await import('./aws-sdk/secrets-manager');
    const client = watchDependency(new SecretsManagerClient(awsClientConfig()), 'Secrets Manager');
    const arns = arn
      .split(',')
      .map((one) => one.trim())
      .filter(Boolean);
    const strings = await Promise.all(
      arns.map(
        async (SecretId) =>
          (await client.send(new GetSecretValueCommand({ SecretId }))).SecretString,
      ),
    );
    const found: Record<string, string> = {};
    for (const SecretString of strings) {
      const values = JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
      for (const name of secretNames) {
        const value = values[name];
        if (typeof value === 'string' && value) found[name] = value;
      }
    }
    applySecretValues(found);
  })().catch((error: unknown) => {
    // The next invocation tries again instead of keeping a failed cold start forever.
    loading = undefined;
    throw error;
  });
  return loading;
}

let refreshedAt = 0;

/**
 * Fetches the secrets again, unless the last refresh was less than `minIntervalMs` ago: for a
 * value that may have been rotated since the cold start (the origin-verify secret, which
 * CloudFront picks up at deploy time while warm functions still hold the old one). Spaced out
 * so that requests carrying a wrong value cannot drive calls to Secrets Manager. Returns whether
 * it fetched.
 */
export async function refreshSecrets(minIntervalMs: number): Promise<boolean> {
  if (!env.secretsArn) return false;
  const now = Date.now();
  if (now - refreshedAt < minIntervalMs) return false;
  refreshedAt = now;
  loading = undefined;
  await loadSecrets();
  return true;
}
