import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '#local/ports';
import { launchBrowser, newPage } from './browser';
import { spawnCoturn } from './coturn';

/**
 * What the two-party call tests need beyond a page (DESIGN.md §8): Chromium with fake camera and
 * microphone that may pair over loopback, a wait for decoded remote frames, a real TURN server
 * (Debian's coturn) and a network cut.
 */

/**
 * Fake devices always; the fake permission UI unless a test denies the camera itself (then the
 * context grants only what the test lists, and Chromium refuses the rest).
 */
export function launchCallBrowser(
  options: {
    fakePermissionUi?: boolean;
    /** Chromium in a test network's home (e2e/network): its wrapper and flags; no loopback. */
    home?: { executablePath: string; args: string[] };
  } = {},
): Promise<Browser> {
  return launchBrowser(
    [
      '--use-fake-device-for-media-stream',
      ...(options.fakePermissionUi === false ? [] : ['--use-fake-ui-for-media-stream']),
      ...(options.home ? options.home.args : ['--allow-loopback-in-peer-connection']),
    ],
    options.home?.executablePath,
  );
}

/**
 * A page for a call (its own browser context) whose `RTCPeerConnection`s the test can read: an
 * init script keeps every one the page creates, in this context's pages and its popups (a room
 * opened in a new tab), so frame counts come from WebRTC's own statistics.
 */
export async function newCallPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await page.context().addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const created: RTCPeerConnection[] = [];
    (window as unknown as { __callTestPeers: RTCPeerConnection[] }).__callTestPeers = created;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        created.push(this);
      }
    };
  });
  return page;
}

/** Video frames decoded so far from the other party, over the page's open peer connections. */
function decodedFrames(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __callTestPeers?: RTCPeerConnection[] }).__callTestPeers;
    let frames = 0;
    for (const peer of peers ?? []) {
      if (peer.connectionState === 'closed') continue;
      (await peer.getStats()).forEach(
        (report: { type: string; kind?: string; framesDecoded?: number }) => {
          if (report.type === 'inbound-rtp' && report.kind === 'video')
            frames += report.framesDecoded ?? 0;
        },
      );
    }
    return frames;
  });
}

/**
 * Resolves once the room (a page of `newCallPage`) shows the other party's video and WebRTC has
 * decoded `frames` new video frames from them, so a frozen picture does not count. Statistics,
 * not the element's painted frames: a page the compositor is not drawing still decodes.
 */
export async function waitForRemoteFrames(page: Page, frames = 3, timeout = 15_000): Promise<void> {
  const video = page.getByTestId('remote-video');
  await video.waitFor({ timeout });
  const deadline = Date.now() + timeout;
  const start = await decodedFrames(page);
  for (;;) {
    const liveVideo = await video.evaluate((element) => {
      const stream = (element as HTMLVideoElement).srcObject as MediaStream | null;
      return stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
    });
    if (liveVideo && (await decodedFrames(page)) >= start + frames) return;
    if (Date.now() > deadline) {
      const peers = await page.evaluate(() =>
        (
          (window as unknown as { __callTestPeers?: RTCPeerConnection[] }).__callTestPeers ?? []
        ).map(
          (peer) => `${peer.connectionState}/${peer.iceConnectionState}/${peer.signalingState}`,
        ),
      );
      throw new Error(
        `no ${frames} new remote video frames within ${timeout} ms (decoded ${start} → ` +
          `${await decodedFrames(page)}, remote video track live: ${liveVideo}, peers: ${peers.join(' ')})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A room page's countdown target, as the page shows it (`data-ends-at`). */
export function countdownTarget(page: Page): Promise<string | null> {
  return page.getByRole('timer').getAttribute('data-ends-at');
}

export interface TurnServer {
  urls: string[];
  secret: string;
  /** Stops it and starts a new one on the same port and secret: every allocation is lost. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * coturn on `host` (default 127.0.0.1) with time-limited REST credentials (`--use-auth-secret`),
 * listening and relaying there: between loopback peers, or on a test network's public address
 * (e2e/network). Started inside the test's network namespace, like the stack.
 */
export async function startTurnServer(host = '127.0.0.1'): Promise<TurnServer> {
  const port = await freePort();
  const secret = randomBytes(16).toString('hex');
  const relayBase = 40_000 + Math.floor(Math.random() * 20_000);
  let running = await spawnTurnServer(host, port, secret, relayBase);
  return {
    urls: [`turn:${host}:${port}?transport=udp`, `turn:${host}:${port}?transport=tcp`],
    secret,
    async restart() {
      await running.stop();
      running = await spawnTurnServer(host, port, secret, relayBase);
    },
    stop: () => running.stop(),
  };
}

async function spawnTurnServer(
  host: string,
  port: number,
  secret: string,
  relayBase: number,
): Promise<{ stop(): Promise<void> }> {
  const server = spawnCoturn({ host, port, secret, relayBase, extraArgs: ['--no-tls'] });
  // coturn says nothing machine-readable when ready: wait until its port answers.
  for (let attempt = 0; ; attempt += 1) {
    if (server.hasExited()) throw new Error(`turnserver exited:\n${server.output()}`);
    if (await udpPortTaken(host, port)) break;
    if (attempt > 100) {
      await server.stop();
      throw new Error(`turnserver did not listen on ${port}:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

async function udpPortTaken(host: string, port: number): Promise<boolean> {
  const { createSocket } = await import('node:dgram');
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(true));
    socket.bind(port, host, () => socket.close(() => resolve(false)));
  });
}

/**
 * True when this process sees no network but loopback: the namespace `npm test` runs the browser
 * tests in as root. Only then may a test take the loopback interface down (it would cut the
 * machine's own services otherwise).
 */
export function inOwnNetworkNamespace(): boolean {
  const interfaces = Object.keys(networkInterfaces());
  return interfaces.length === 1 && interfaces[0] === 'lo';
}

/**
 * Takes loopback down for `ms`: every packet of the call and its signalling is lost meanwhile.
 * `duringCut` runs while the network is down (a test changes what the network is like after).
 */
export async function cutNetwork(ms: number, duringCut?: () => Promise<void>): Promise<void> {
  if (!inOwnNetworkNamespace()) {
    throw new Error('A network cut needs the loopback-only namespace of `npm test` (run as root).');
  }
  execFileSync('ip', ['link', 'set', 'lo', 'down']);
  try {
    const started = Date.now();
    await duringCut?.();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - (Date.now() - started))));
  } finally {
    execFileSync('ip', ['link', 'set', 'lo', 'up']);
  }
}
