import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const secrets = mockClient(SecretsManagerClient);

afterEach(() => {
  secrets.reset();
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('loadSecrets', () => {
  it('does nothing without SECRETS_ARN (local stack)', async () => {
    vi.stubEnv('SECRETS_ARN', '');
    const { loadSecrets } = await import('./secrets');
    await loadSecrets();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('copies the listed secrets into the environment once per cold start', async () => {
    vi.stubEnv('SECRETS_ARN', 'arn:aws:secretsmanager:us-east-1:1:secret:app');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    secrets.on(GetSecretValueCommand).resolves({
      SecretString: JSON.stringify({ STRIPE_SECRET_KEY: 'sk_live_x', OTHER: 'ignored' }),
    });
    const { loadSecrets } = await import('./secrets');
    await loadSecrets();
    await loadSecrets();
    expect(process.env.STRIPE_SECRET_KEY).toBe('sk_live_x');
    expect(process.env.OTHER).toBeUndefined();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('reads every secret SECRETS_ARN lists, and the origin-verify secret’s previous version', async () => {
    vi.stubEnv('SECRETS_ARN', 'arn:app, arn:origin');
    vi.stubEnv('ROOM_TOKEN_SECRET', '');
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
    vi.stubEnv('ORIGIN_VERIFY_PREVIOUS_SECRET', '');
    secrets
      .on(GetSecretValueCommand, { SecretId: 'arn:app' })
      .resolves({ SecretString: JSON.stringify({ ROOM_TOKEN_SECRET: 'room' }) })
      .on(GetSecretValueCommand, { SecretId: 'arn:origin', VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: JSON.stringify({ ORIGIN_VERIFY_SECRET: 'verify' }) })
      .on(GetSecretValueCommand, { SecretId: 'arn:origin', VersionStage: 'AWSPREVIOUS' })
      .resolves({ SecretString: JSON.stringify({ ORIGIN_VERIFY_SECRET: 'verify-before' }) });
    const { loadSecrets } = await import('./secrets');
    await loadSecrets();
    expect(process.env.ROOM_TOKEN_SECRET).toBe('room');
    expect(process.env.ORIGIN_VERIFY_SECRET).toBe('verify');
    expect(process.env.ORIGIN_VERIFY_PREVIOUS_SECRET).toBe('verify-before');
    // The app secret has no origin-verify key: its previous version is never read.
    expect(secrets.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual(
      expect.arrayContaining([
        { SecretId: 'arn:app', VersionStage: 'AWSCURRENT' },
        { SecretId: 'arn:origin', VersionStage: 'AWSCURRENT' },
        { SecretId: 'arn:origin', VersionStage: 'AWSPREVIOUS' },
      ]),
    );
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it('clears the previous value when the secret has none (never rotated, or the rotation ended)', async () => {
    vi.stubEnv('SECRETS_ARN', 'arn:origin');
    vi.stubEnv('ORIGIN_VERIFY_PREVIOUS_SECRET', 'left-over');
    secrets
      .on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: JSON.stringify({ ORIGIN_VERIFY_SECRET: 'verify' }) })
      .on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' })
      .rejects(Object.assign(new Error('no version'), { name: 'ResourceNotFoundException' }));
    const { loadSecrets } = await import('./secrets');
    await loadSecrets();
    expect(process.env.ORIGIN_VERIFY_PREVIOUS_SECRET).toBe('');
  });

  it('retries on the next call after a failure', async () => {
    vi.stubEnv('SECRETS_ARN', 'arn:aws:secretsmanager:us-east-1:1:secret:app');
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: '{}' });
    const { loadSecrets } = await import('./secrets');
    await expect(loadSecrets()).rejects.toThrow('throttled');
    await expect(loadSecrets()).resolves.toBeUndefined();
  });
});
