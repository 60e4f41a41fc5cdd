import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './options';

const run = ['run', '--base-url', 'https://d111.cloudfront.net'];

describe('the load test command line', () => {
  it('refuses the prod stage unless --allow-prod is given, for every command', () => {
    for (const args of [run, ['seed', '--target-waiting', '10'], ['cleanup']]) {
      expect(() => parseCommand([...args, '--stage', 'prod'])).toThrow(
        /Refusing to load the "prod" stage/,
      );
      expect(parseCommand([...args, '--stage', 'prod', '--allow-prod']).stage).toBe('prod');
    }
    expect(() => parseCommand(run)).toThrow(UsageError);
  });

  it("takes the socket URL from the base URL's host by default, as CloudFront's /ws", () => {
    const command = parseCommand([...run, '--stage', 'load']);
    expect(command).toMatchObject({
      command: 'run',
      wsUrl: 'wss://d111.cloudfront.net/ws',
      steps: 5,
      stepSeconds: 120,
      maxErrorRate: 0.01,
      maxP99Ms: 2_000,
      shard: { index: 0, count: 1 },
      target: {},
    });
  });

  it('seeds the design population of the target unless told otherwise', () => {
    expect(
      parseCommand(['seed', '--stage', 'load', '--target-waiting', '10000', '--tag', 'x1']),
    ).toMatchObject({
      population: { patients: 10_000, doctors: 500, calls: 500 },
      tag: 'x1',
      environment: null,
    });
    expect(() =>
      parseCommand([
        'seed',
        '--stage',
        'load',
        '--target-waiting',
        '30',
        '--doctors',
        '1',
        '--calls',
        '2',
      ]),
    ).toThrow(/--calls/);
  });

  it('refuses a bad shard, URL or threshold with a usage error', () => {
    const bad = [
      ['--shard', '0/3'],
      ['--shard', '4/3'],
      ['--max-error-rate', '2'],
      ['--ws-url', 'https://x.example/ws'],
      ['--steps', 'many'],
    ];
    for (const extra of bad) {
      expect(() => parseCommand([...run, '--stage', 'load', ...extra]), extra.join(' ')).toThrow(
        UsageError,
      );
    }
    expect(parseCommand([...run, '--stage', 'load', '--shard', '2/3'])).toMatchObject({
      shard: { index: 1, count: 3 },
    });
  });
});
