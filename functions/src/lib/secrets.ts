import { awsClientConfig, watchDependency } from '../core/aws-clients';
import type { SecretsManagerClient } from './aws-sdk/secrets-manager';
import { env, applySecretValues } from '../core/env';

/**
 * Secrets in the cloud live in Secrets Manager (DESIGN.md §6), not in Lambda's environment: the
 * stack passes a function the ARNs of the secrets its handler declares, and only those, as
 * `SECRETS_ARN` (comma-separated; `functions/src/handler-permissions.ts`: the Stripe keys, the
 * room-link key, the origin-verify header), and each cold start copies the listed values into
 * the environment, where `env.ts` reads them like any setting. A function without secrets has
 * no `SECRETS_ARN` and loads nothing. Locally there is no ARN and the local stack sets the
 * values itself. The origin-verify secret is read in two versions, `AWSCURRENT` and
 * `AWSPREVIOUS` (`ORIGIN_VERIFY_PREVIOUS_SECRET`), so that its rotation refuses no request.
 */
export const secretNames = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ROOM_TOKEN_SECRET',
  'ORIGIN_VERIFY_SECRET',
] as const;

/**
 * How long a container keeps the values it fetched before it fetches them again on its next
 * request: a value written to Secrets Manager reaches every warm container within this time, so
 * an origin-verify rotation can wait for it before CloudFront sends the new value
 * (docs/deployment.md, "Rotating the origin-verify secret").
 */
export const SECRETS_MAX_AGE_MS = 5 * 60_000;

/** Secret keys whose `AWSPREVIOUS` value is kept too, and the setting that holds it. */
const keptWithPrevious = { ORIGIN_VERIFY_SECRET: 'ORIGIN_VERIFY_PREVIOUS_SECRET' } as const;

let loading: Promise<void> | undefined;
let loadedAt = 0;

/** One version stage of one secret as its key-value pairs; undefined when no version has it. */
async function fetchStage(
  client: SecretsManagerClient,
  SecretId: string,
  VersionStage: 'AWSCURRENT' | 'AWSPREVIOUS',
): Promise<Record<string, unknown> | undefined> {
  const { GetSecretValueCommand } = await import('./aws-sdk/secrets-manager');
  try {
    const { SecretString } = await client.send(
      new GetSecretValueCommand({ SecretId, VersionStage }),
    );
    return JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
  } catch (error) {
    // A secret that was never rotated has no AWSPREVIOUS version.
    if (VersionStage === 'AWSPREVIOUS' && (error as Error).name === 'ResourceNotFoundException') {
      return undefined;
    }
    throw error;
  }
}

async function fetchSecrets(arn: string): Promise<void> {
  const { SecretsManagerClient } = await import('./aws-sdk/secrets-manager');
  const client = watchDependency(new SecretsManagerClient(awsClientConfig()), 'Secrets Manager');
  const arns = arn
    .split(',')
    .map((one) => one.trim())
    .filter(Boolean);
  const found: Record<string, string> = {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  await Promise.all(
    arns.map(async (SecretId) => {
      const current = (await fetchStage(client, SecretId, 'AWSCURRENT')) ?? {};
      for (const name of secretNames) {
        if (text(current[name])) found[name] = text(current[name]);
      }
      for (const [name, previousName] of Object.entries(keptWithPrevious)) {
        if (!(name in current)) continue;
        // Always written, empty when there is none: a rotation that ended must end here too.
        const previous = await fetchStage(client, SecretId, 'AWSPREVIOUS');
        found[previousName] = text(previous?.[name]);
      }
    }),
  );
  // A value no listed secret holds any more is cleared, not kept from an earlier read: a secret
  // rewritten without its key refuses what needs it (the origin check), never passes on a
  // stale value. Lambda's own environment never holds these names.
  for (const name of [...secretNames, ...Object.values(keptWithPrevious)]) found[name] ??= '';
  applySecretValues(found);
  loadedAt = Date.now();
}

/**
 * Copies the function's secrets into the environment: at cold start, and again on the first
 * request after `SECRETS_MAX_AGE_MS`. A failed first load fails the request and the next one
 * tries again; a failed later load keeps the values already held (until the next max age), so
 * a Secrets Manager outage does not take a warm API down.
 */
export function loadSecrets(): Promise<void> {
  const arn = env.secretsArn;
  if (!arn) return Promise.resolve();
  if (loading && loadedAt > 0 && Date.now() - loadedAt >= SECRETS_MAX_AGE_MS) {
    loading = fetchSecrets(arn).catch(() => {
      loadedAt = Date.now();
    });
  }
  loading ??= fetchSecrets(arn).catch((error: unknown) => {
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
  loadedAt = 0;
  await loadSecrets();
  return true;
}
