import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IceServer } from '@shared/meetings/room';
import { trimTurnServers } from '#lib/ice/turn-servers';
import {
  allocationsPerParty,
  offerAllocationsPerParty,
  turnAssumptions,
  webSocketQuotas,
} from '../infra/lib/capacity';
import { launchBrowser } from './browser';
import { inOwnNetworkNamespace } from './call';
import {
  countingTurnBrowserArgs,
  startCountingTurnServer,
  type CountingTurnServer,
} from './turn-allocations';
import { useBrowser } from './use-browser';

/**
 * Issue 29 item 2: the TURN allocations a relayed call holds, measured at a real TURN server
 * rather than assumed. Two parties in Chromium, each an `RTCPeerConnection` as the room makes it
 * (camera and microphone tracks, relay only, the default bundle policy), each given the ICE
 * server the room session gives in production: a Kinesis Video `GetIceServerConfig` answer
 * (two servers, three URIs each) cut by `trimTurnServers`, pointed at Debian's coturn on UDP and
 * TLS. coturn counts the allocations each party's credentials made; the capacity model's
 * `allocationsPerParty()` (infra/lib/capacity.ts), which sizes the TURN channel pool, must be
 * that count. Each party has one network interface (the namespace's loopback), as the model
 * assumes (`turnAssumptions.interfacesPerParty`): run as `npm test` runs e2e, as root in a network
 * namespace of its own, or the test fails saying so.
 */

let server: Server;
let pageUrl: string;
let turn: CountingTurnServer;
const calls: Page[] = [];

beforeAll(async () => {
  // A secure origin for the camera (http://127.0.0.1 is one); the page itself is empty.
  server = createServer((_request, response) => response.end('<!doctype html><title>call</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const browser = useBrowser(() =>
  launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
    ...countingTurnBrowserArgs,
  ]),
);
// The calls' pages, closed before their browser and the server: after hooks run in reverse.
afterAll(async () => {
  await Promise.all(calls.map((call) => call.close()));
});

/**
 * A relay-only call between two peer connections of one page, open until the page closes;
 * resolves once both are connected and have gathered every candidate.
 */
async function relayedCall(
  provider: IceServer,
  patient: IceServer,
): Promise<{ page: Page; sdpLengths: number[] }> {
  const page = await browser().newPage();
  try {
    await page.goto(pageUrl);
    const sdpLengths = await page.evaluate(
      async ([providerServer, patientServer]) => {
        const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
        const peer = (iceServer: RTCIceServer) =>
          new RTCPeerConnection({ iceServers: [iceServer], iceTransportPolicy: 'relay' });
        const [offerer, answerer] = [peer(providerServer), peer(patientServer)];
        const gathered = (pc: RTCPeerConnection) =>
          new Promise<void>((resolve) => {
            const check = () => {
              if (pc.iceGatheringState === 'complete') resolve();
            };
            pc.addEventListener('icegatheringstatechange', check);
            check();
          });
        for (const track of media.getTracks()) {
          offerer.addTrack(track, media);
          answerer.addTrack(track.clone(), media);
        }
        // The offer reaches the patient after the doctor's page gathered (the signalling round
        // trip of a real room is longer than a relay allocation); candidates go in the SDP.
        await offerer.setLocalDescription();
        await gathered(offerer);
        await answerer.setRemoteDescription(offerer.localDescription!);
        await answerer.setLocalDescription();
        await gathered(answerer);
        await offerer.setRemoteDescription(answerer.localDescription!);
        // Connected, and every candidate gathered: each allocation the browser asks for is done.
        const reached = (pc: RTCPeerConnection) =>
          new Promise<void>((resolve, reject) => {
            const check = () => {
              if (pc.connectionState === 'failed') reject(new Error('the relayed call failed'));
              if (pc.connectionState === 'connected' && pc.iceGatheringState === 'complete') {
                resolve();
              }
            };
            pc.addEventListener('connectionstatechange', check);
            pc.addEventListener('icegatheringstatechange', check);
            check();
          });
        await Promise.all([reached(offerer), reached(answerer)]);
        // With every candidate in it: the largest offer and answer the room could send.
        return [offerer.localDescription!.sdp.length, answerer.localDescription!.sdp.length];
      },
      [provider, patient] as const,
    );
    return { page, sdpLengths };
  } catch (error) {
    await page.close();
    throw error;
  }
}

describe('TURN allocations of a relayed call (issue 29)', () => {
  it('runs where each party has one network interface, as the model assumes', () => {
    expect(
      inOwnNetworkNamespace(),
      'run as root in a network namespace of its own, as `npm test` runs e2e',
    ).toBe(true);
    expect(turnAssumptions.interfacesPerParty).toBe(1);
  });

  it('holds allocationsPerParty() allocations a party once the call runs, the offer a few more until answered', async () => {
    turn = await startCountingTurnServer();
    const iceServer = (name: string) => trimTurnServers(turn.kvsAnswer(name))!.server;
    const [provider, patient] = [iceServer('provider'), iceServer('patient')];
    // The production shape: one server, its UDP URI and its TLS one.
    expect(provider.urls).toEqual([
      expect.stringMatching(/^turn:.*\?transport=udp$/),
      expect.stringMatching(/^turns:.*\?transport=tcp$/),
    ]);
    try {
      const call = await relayedCall(provider, patient);
      calls.push(call.page);
      // The doctor's offer gathers on one transport per media kind (the default bundle policy)
      // and drops all but one when the answer bundles them; the patient's answer bundles at once.
      await expect
        .poll(() => turn.allocations())
        .toEqual({
          provider: { made: offerAllocationsPerParty(), held: allocationsPerParty() },
          patient: { made: allocationsPerParty(), held: allocationsPerParty() },
        });
    } finally {
      await turn.stop();
    }
  });

  it('sends an offer and an answer that fit one WebSocket frame, candidates and all', async () => {
    turn = await startCountingTurnServer();
    try {
      const iceServer = (name: string) => trimTurnServers(turn.kvsAnswer(name))!.server;
      const call = await relayedCall(iceServer('provider'), iceServer('patient'));
      calls.push(call.page);
      console.info(`SDP lengths (offer, answer): ${call.sdpLengths.join(', ')}`);
      // API Gateway closes a connection that sends a larger frame (1009). Half of it leaves room
      // for the signal's JSON around the SDP and for a device with more interfaces' candidates.
      for (const length of call.sdpLengths) {
        expect(length).toBeLessThan(webSocketQuotas.frameBytes / 2);
      }
    } finally {
      await turn.stop();
    }
  });
});
