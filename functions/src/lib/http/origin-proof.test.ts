import {
  GetSecretValueCommand,
  SecretsManagerClient,
  type GetSecretValueCommandInput,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Rotating the origin-verify secret in the cloud (docs/deployment.md, "Rotating the
 * origin-verify secret"), as a warm function sees it: Secrets Manager's version stages move
 * (`put-secret-value` makes the new value AWSCURRENT and the old one AWSPREVIOUS; the last step
 * removes AWSPREVIOUS), and the function reads both stages at cold start and again after
 * `SECRETS_MAX_AGE_MS`, or sooner on a value it does not know (at most once a minute). At no
 * step is the value CloudFront sends refused.
 */
const secrets = mockClient(SecretsManagerClient);
const fetches = () => secrets.commandCalls(GetSecretValueCommand).length;
const withHeader = (value: string) => ({ headers: { 'x-origin-verify': value } });
const OLD = 'old-origin-value';
const NEW = 'new-origin-value';

/** The secret's version stages, as `put-secret-value` and `update-secret-version-stage` set them. */
let stages: { AWSCURRENT: Record<string, string>; AWSPREVIOUS?: Record<string, string> };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2031, 0, 1, 9, 0, 0));
  vi.stubEnv('SECRETS_ARN', 'arn:origin');
  vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
  vi.stubEnv('ORIGIN_VERIFY_PREVIOUS_SECRET', '');
  stages = { AWSCURRENT: { ORIGIN_VERIFY_SECRET: OLD } };
  secrets.on(GetSecretValueCommand).callsFake((input: GetSecretValueCommandInput) => {
    const value = stages[(input.VersionStage ?? 'AWSCURRENT') as keyof typeof stages];
    if (!value) {
      throw Object.assign(new Error('no such version'), { name: 'ResourceNotFoundException' });
    }
    return { SecretString: JSON.stringify(value) };
  });
});

afterEach(() => {
  secrets.reset();
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.useRealTimers();
});

/** One request as a handler (or the authorizer) takes it: secrets step, then the check. */
async function request(value: string) {
  const { loadSecrets } = await import('../secrets');
  const { checkOriginProof } = await import('./origin-proof');
  await loadSecrets();
  return checkOriginProof(withHeader(value));
}

function later(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

describe('the origin check through a rotation, in a warm function', () => {
  it('accepts the old value, then both, then only the new one', async () => {
    const { SECRETS_MAX_AGE_MS } = await import('../secrets');
    const { ORIGIN_SECRET_REFRESH_MS } = await import('./origin-proof');

    // Before: CloudFront sends the old value.
    expect(await request(OLD)).toBe('proven');
    later(ORIGIN_SECRET_REFRESH_MS);
    expect(await request(NEW)).toBe('refused');

    // 1. put-secret-value: within the max age every warm function reads both stages.
    stages = { AWSCURRENT: { ORIGIN_VERIFY_SECRET: NEW }, AWSPREVIOUS: stages.AWSCURRENT };
    later(SECRETS_MAX_AGE_MS);
    expect(await request(OLD)).toBe('proven');
    expect(await request(NEW)).toBe('proven');
    expect(await request('neither')).toBe('refused');

    // 2. The deploy: CloudFront sends the new value; the old one still passes meanwhile.
    later(SECRETS_MAX_AGE_MS);
    expect(await request(NEW)).toBe('proven');
    expect(await request(OLD)).toBe('proven');

    // 3. AWSPREVIOUS removed: after the max age the old value is refused.
    stages = { AWSCURRENT: stages.AWSCURRENT };
    later(SECRETS_MAX_AGE_MS);
    expect(await request(NEW)).toBe('proven');
    expect(await request(OLD)).toBe('refused');
    expect(await request('neither')).toBe('refused');
  });

  it('learns a new value at once on the first request carrying it, at most once a minute', async () => {
    const { ORIGIN_SECRET_REFRESH_MS } = await import('./origin-proof');
    expect(await request(OLD)).toBe('proven');
    expect(fetches()).toBe(2);

    stages = { AWSCURRENT: { ORIGIN_VERIFY_SECRET: NEW }, AWSPREVIOUS: stages.AWSCURRENT };
    later(ORIGIN_SECRET_REFRESH_MS);
    expect(await request(NEW)).toBe('proven');
    expect(fetches()).toBe(4);

    // Wrong values within the minute cause no further reads.
    expect(await request('guessed')).toBe('refused');
    expect(await request('guessed-again')).toBe('refused');
    expect(fetches()).toBe(4);
  });

  it('keeps the values it holds when a later read fails (a Secrets Manager outage)', async () => {
    const { SECRETS_MAX_AGE_MS } = await import('../secrets');
    expect(await request(OLD)).toBe('proven');
    secrets.on(GetSecretValueCommand).rejects(new Error('service unavailable'));
    later(SECRETS_MAX_AGE_MS);
    expect(await request(OLD)).toBe('proven');
  });

  it('refuses everything once the secret is rewritten without its value, in a warm function too', async () => {
    const { SECRETS_MAX_AGE_MS } = await import('../secrets');
    expect(await request(OLD)).toBe('proven');
    stages = { AWSCURRENT: {} };
    later(SECRETS_MAX_AGE_MS);
    expect(await request(OLD)).toBe('unconfigured');
  });

  it('refuses everything when the secret holds no value: never open', async () => {
    stages = { AWSCURRENT: { ORIGIN_VERIFY_SECRET: '' } };
    expect(await request('')).toBe('unconfigured');
    expect(await request(OLD)).toBe('unconfigured');
  });
});

describe('the origin check in the local stack', () => {
  it('never calls Secrets Manager without SECRETS_ARN', async () => {
    vi.stubEnv('SECRETS_ARN', '');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'local');
    vi.stubEnv('ORIGIN_VERIFY_PREVIOUS_SECRET', 'local-before');
    expect(await request('guessed')).toBe('refused');
    expect(await request('local')).toBe('proven');
    expect(await request('local-before')).toBe('proven');
    expect(fetches()).toBe(0);
  });
});
