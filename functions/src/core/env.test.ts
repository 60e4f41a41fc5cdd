import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env, envNames, reloadEnv } from './env';

afterEach(() => {
  vi.unstubAllEnvs();
  reloadEnv();
});

describe('env', () => {
  it('reads the environment once, until told to read again', () => {
    vi.stubEnv('SES_FROM', 'first@example.org');
    reloadEnv();
    expect(env.sesFrom).toBe('first@example.org');
    vi.stubEnv('SES_FROM', 'second@example.org');
    expect(env.sesFrom).toBe('first@example.org');
    reloadEnv();
    expect(env.sesFrom).toBe('second@example.org');
  });

  it('names a missing required setting', () => {
    vi.stubEnv('SES_FROM', '');
    reloadEnv();
    expect(() => env.sesFrom).toThrow('Missing environment variable SES_FROM');
  });

  it('parses levels, flags and numbers, with defaults', () => {
    vi.stubEnv('LOG_LEVEL', 'loud');
    vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
    vi.stubEnv('RATE_LIMIT_MULTIPLIER', '');
    reloadEnv();
    expect(env.logLevel).toBe('info');
    expect(env.s3ForcePathStyle).toBe(true);
    expect(env.rateLimitMultiplier).toBe(1);
    vi.stubEnv('RATE_LIMIT_MULTIPLIER', '-2');
    reloadEnv();
    expect(() => env.rateLimitMultiplier).toThrow(/positive integer/);
  });

  it('is the only reader of process.env in functions/src (tests aside)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const readers = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !file.startsWith('testing'))
      // The bundles' stand-in for the SDK's credential chain reads what the SDK itself reads
      // (the runtime's AWS_* variables), not a setting of ours.
      .filter((file) => file !== path.join('lib', 'aws-sdk', 'lambda-credentials.ts'))
      .filter(
        (file) => path.join(root, file) !== fileURLToPath(import.meta.url).replace('.test', ''),
      )
      .filter((file) => /process\.env\b/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(readers).toEqual([]);
    expect(Object.values(envNames)).toEqual(
      expect.arrayContaining(['SES_FROM', 'SECRETS_ARN', 'LOG_LEVEL', 'RATE_LIMIT_MULTIPLIER']),
    );
  });
});

describe('env.triageRegion (TRIAGE_REGION)', () => {
  it('is the default region when unset or empty', () => {
    vi.stubEnv('TRIAGE_REGION', '');
    reloadEnv();
    expect(env.triageRegion).toBe('default');
  });

  it('takes the analyser region names', () => {
    vi.stubEnv('TRIAGE_REGION', 'sub-saharan');
    reloadEnv();
    expect(env.triageRegion).toBe('sub-saharan');
    vi.stubEnv('TRIAGE_REGION', 'default');
    reloadEnv();
    expect(env.triageRegion).toBe('default');
  });

  it('refuses an unknown region, naming the setting and the values it takes', () => {
    vi.stubEnv('TRIAGE_REGION', 'sub-sahara');
    reloadEnv();
    expect(() => env.triageRegion).toThrow(
      'TRIAGE_REGION must be one of default, sub-saharan (or unset), got "sub-sahara"',
    );
  });
});
