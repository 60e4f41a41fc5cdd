import { spawn } from 'node:child_process';

/**
 * Debian's coturn as the call tests run it (DESIGN.md §8): listening and relaying on `host`,
 * time-limited REST credentials (`--use-auth-secret`), relay ports in a block of 200 from
 * `relayBase`, and its log on stdout, kept. `extraArgs` says how a server differs (TLS, its
 * verbosity).
 */
export interface CoturnOptions {
  host: string;
  port: number;
  secret: string;
  relayBase: number;
  extraArgs: string[];
}

export interface Coturn {
  /** What coturn has printed so far (stdout and stderr). */
  output(): string;
  /** Whether the process has ended. */
  hasExited(): boolean;
  /** Ends it (SIGTERM) and waits for its exit. */
  stop(): Promise<void>;
}

export function spawnCoturn({ host, port, secret, relayBase, extraArgs }: CoturnOptions): Coturn {
  const server = spawn(
    'turnserver',
    [
      '-n',
      `--listening-ip=${host}`,
      `--relay-ip=${host}`,
      `--listening-port=${port}`,
      `--min-port=${relayBase}`,
      `--max-port=${relayBase + 200}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=telehealth.test',
      '--allow-loopback-peers',
      '--no-cli',
      '--no-dtls',
      '--fingerprint',
      '--log-file=stdout',
      '--simple-log',
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const hasExited = () => server.exitCode !== null || server.signalCode !== null;
  return {
    output: () => output,
    hasExited,
    async stop() {
      if (!hasExited()) server.kill('SIGTERM');
      await exited;
    },
  };
}
