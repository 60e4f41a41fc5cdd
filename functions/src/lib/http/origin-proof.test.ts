import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Rotating the origin-verify secret (docs/deployment.md): CloudFront sends the new value after
 * the redeploy while a warm function still holds the old one. The function reloads the secret
 * on a mismatch, at most once a minute, so the rotation heals without a cold start and wrong
 * values cannot drive calls to Secrets Manager.
 */
const secrets = mockClient(SecretsManagerClient);
const fetches = () => secrets.commandCalls(GetSecretValueCommand).length;
const withHeader = (value: string) => ({ headers: { 'x-origin-verify': value } });

afterEach(() => {
  secrets.reset();
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.useRealTimers();
});

describe('provesCloudFront after a rotation', () => {
  it('reloads once on a mismatch, then serves the new value and refuses the old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2031, 0, 1, 9, 0, 0));
    vi.stubEnv('SECRETS_ARN', 'arn:origin');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
    secrets
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ ORIGIN_VERIFY_SECRET: 'old' }) })
      .resolves({ SecretString: JSON.stringify({ ORIGIN_VERIFY_SECRET: 'new' }) });
    const { loadSecrets } = await import('../secrets');
    const { provesCloudFront, ORIGIN_SECRET_REFRESH_MS } = await import('./origin-proof');

    await loadSecrets();
    expect(await provesCloudFront(withHeader('old'))).toBe(true);
    expect(fetches()).toBe(1);

    // CloudFront now sends the rotated value: one reload, and it passes.
    expect(await provesCloudFront(withHeader('new'))).toBe(true);
    expect(fetches()).toBe(2);

    // The old value is wrong now; within the minute no further reload.
    expect(await provesCloudFront(withHeader('old'))).toBe(false);
    expect(await provesCloudFront(withHeader('guessed'))).toBe(false);
    expect(fetches()).toBe(2);

    vi.setSystemTime(Date.now() + ORIGIN_SECRET_REFRESH_MS);
    expect(await provesCloudFront(withHeader('guessed'))).toBe(false);
    expect(fetches()).toBe(3);
  });

  it('never calls Secrets Manager without SECRETS_ARN (the local stack)', async () => {
    vi.stubEnv('SECRETS_ARN', '');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'local');
    const { provesCloudFront } = await import('./origin-proof');
    expect(await provesCloudFront(withHeader('guessed'))).toBe(false);
    expect(await provesCloudFront(withHeader('local'))).toBe(true);
    expect(fetches()).toBe(0);
  });
});
