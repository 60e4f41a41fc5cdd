import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../local/ports';
import { launchBrowser } from './browser';

/**
 * What the two-party call tests need beyond a page (DESIGN.md §8): Chromium with fake camera and
 * microphone that may pair over loopback, a wait for decoded remote frames, a real TURN server
 * (Debian's coturn) and a network cut.
 */

/**
 * Fake devices always; the fake permission UI unless a test denies the camera itself (then the
 * context grants only what the test lists, and Chromium refuses the rest).
 */
export function launchCallBrowser(options: { fakePermissionUi?: boolean } = {}): Promise<Browser> {
  return launchBrowser([
    '--use-fake-device-for-media-stream',
    ...(options.fakePermissionUi === false ? [] : ['--use-fake-ui-for-media-stream']),
    '--allow-loopback-in-peer-connection',
  ]);
}

/**
 * Resolves once the page's remote video has presented `frames` new frames (counted with
 * `requestVideoFrameCallback`, so a frozen picture does not count).
 */
export async function waitForRemoteFrames(page: Page, frames = 3, timeout = 15_000): Promise<void> {
  const video = page.getByTestId('remote-video');
  await video.waitFor({ timeout });
  await video.evaluate(
    (element, wanted) =>
      new Promise<void>((resolve) => {
        const remote = element as HTMLVideoElement;
        let seen = 0;
        const onFrame = () => {
          seen += 1;
          if (seen >= wanted) resolve();
          else remote.requestVideoFrameCallback(onFrame);
        };
        remote.requestVideoFrameCallback(onFrame);
      }),
    frames,
    { timeout },
  );
}

/** A room page's countdown target, as the page shows it (`data-ends-at`). */
export function countdownTarget(page: Page): Promise<string | null> {
  return page.getByRole('timer').getAttribute('data-ends-at');
}

export interface TurnServer {
  urls: string[];
  secret: string;
  stop(): Promise<void>;
}

/**
 * coturn on 127.0.0.1 with time-limited REST credentials (`--use-auth-secret`), relaying between
 * loopback peers. Started inside the test's network namespace, like the stack.
 */
export async function startTurnServer(): Promise<TurnServer> {
  const port = await freePort();
  const secret = randomBytes(16).toString('hex');
  const relayBase = 40_000 + Math.floor(Math.random() * 20_000);
  const server: ChildProcess = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${relayBase}`,
      `--max-port=${relayBase + 200}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=telehealth.test',
      '--allow-loopback-peers',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--fingerprint',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  // coturn says nothing machine-readable when ready: wait until its port answers.
  for (let attempt = 0; ; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`turnserver exited:\n${output}`);
    if (await udpPortTaken(port)) break;
    if (attempt > 100) throw new Error(`turnserver did not listen on ${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    urls: [`turn:127.0.0.1:${port}?transport=udp`, `turn:127.0.0.1:${port}?transport=tcp`],
    secret,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

async function udpPortTaken(port: number): Promise<boolean> {
  const { createSocket } = await import('node:dgram');
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(true));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(false)));
  });
}

/**
 * True when this process has a network namespace of its own (`npm test` runs the browser tests
 * in one as root): only then may a test take the loopback interface down.
 */
export function inOwnNetworkNamespace(): boolean {
  try {
    return readlinkSync('/proc/self/ns/net') !== readlinkSync('/proc/1/ns/net');
  } catch {
    return false;
  }
}

/** Takes loopback down for `ms`: every packet of the call and its signalling is lost meanwhile. */
export async function cutNetwork(ms: number): Promise<void> {
  if (!inOwnNetworkNamespace()) {
    throw new Error('A network cut needs the loopback-only namespace of `npm test` (run as root).');
  }
  execFileSync('ip', ['link', 'set', 'lo', 'down']);
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    execFileSync('ip', ['link', 'set', 'lo', 'up']);
  }
}
