import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IceServer as KvsIceServer } from '@aws-sdk/client-kinesis-video-signaling';
import { freePort } from '#local/ports';
import { spawnCoturn } from './coturn';

/**
 * A TURN server that counts what it gives (issue 29 item 2): Debian's coturn listening as
 * Kinesis Video's TURN servers do, on UDP and on TLS over TCP, with short-lived credentials
 * (`--use-auth-secret`, the REST scheme: username `{expiry}:{name}`, password its HMAC), and
 * its log kept so the allocations each username made and still holds can be counted at the
 * server.
 *
 * TLS needs a certificate: a self-signed one for 127.0.0.1, made with openssl for this server.
 * Kinesis Video's relays have real certificates; Chromium is launched with
 * `--ignore-certificate-errors` to accept this one (`countingTurnBrowserArgs`).
 */
export interface CountingTurnServer {
  /**
   * A `GetIceServerConfig` answer of Kinesis Video's shape (two servers, each `turn:…udp`,
   * `turns:…udp`, `turns:…tcp`, its own credentials and `Ttl`) pointing at this server, for the
   * client `name`.
   */
  kvsAnswer(name: string): KvsIceServer[];
  /**
   * What coturn's log says so far, per client name: allocations made (`ALLOCATE` answered with
   * success) and still held (made, less those the client released with a zero-lifetime
   * `REFRESH`).
   */
  allocations(): Record<string, { made: number; held: number }>;
  stop(): Promise<void>;
}

/** coturn `--verbose`: one line per allocation made, with its `{expiry}:{name}` user. */
const ALLOCATED = /user <\d+:([^>]+)>: incoming packet ALLOCATE processed, success/g;
/** …and one per allocation the client deleted (a `REFRESH` with lifetime 0, RFC 8656 §7). */
const RELEASED = /refreshed, realm=<[^>]*>, username=<\d+:([^>]+)>, lifetime=0\b/g;

/** Chromium flags for a page that calls through this server (e2e/call.ts adds the media ones). */
export const countingTurnBrowserArgs = ['--ignore-certificate-errors'];

export async function startCountingTurnServer(host = '127.0.0.1'): Promise<CountingTurnServer> {
  const [port, tlsPort] = [await freePort(), await freePort()];
  const secret = randomBytes(16).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'turn-tls-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=IP:${host}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const relayBase = 40_000 + Math.floor(Math.random() * 20_000);
  const server = spawnCoturn({
    host,
    port,
    secret,
    relayBase,
    extraArgs: [
      `--tls-listening-port=${tlsPort}`,
      `--cert=${cert}`,
      `--pkey=${key}`,
      // Moderate verbosity: one "ALLOCATE processed, success" line per allocation, with its user.
      '--verbose',
    ],
  });
  // coturn says it listens on each port; wait for both listeners (TLS is the later one).
  const listening = (p: number) =>
    server.output().includes(`TLS/TCP listener opened on : ${host}:${p}`);
  for (let attempt = 0; !(listening(port) && listening(tlsPort)); attempt += 1) {
    if (server.hasExited() || attempt > 200) {
      await server.stop();
      throw new Error(`turnserver did not listen on ${port} and ${tlsPort}:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const credentials = (name: string) => {
    const username = `${Math.floor(Date.now() / 1000) + 600}:${name}`;
    const password = createHmac('sha1', secret).update(username).digest('base64');
    return { Username: username, Password: password, Ttl: 300 };
  };
  return {
    kvsAnswer: (name) =>
      [0, 1].map(() => ({
        ...credentials(name),
        Uris: [
          `turn:${host}:${port}?transport=udp`,
          `turns:${host}:${tlsPort}?transport=udp`,
          `turns:${host}:${tlsPort}?transport=tcp`,
        ],
      })),
    allocations() {
      const counts: Record<string, { made: number; held: number }> = {};
      const of = (name: string) => (counts[name] ??= { made: 0, held: 0 });
      for (const [, name] of server.output().matchAll(ALLOCATED)) {
        of(name!).made += 1;
        of(name!).held += 1;
      }
      for (const [, name] of server.output().matchAll(RELEASED)) of(name!).held -= 1;
      return counts;
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
