import type { Browser, Page } from 'playwright-core';
import type { RunningStack, StackOptions } from '#local/stack';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { newPaidCaseId, withPatientKey } from '#local/testing/patient-journey';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { freePort } from '#local/ports';
import { signInContext } from '../browser';
import { inOwnNetworkNamespace, newCallPage, startTurnServer, type TurnServer } from '../call';
import { launchHomeBrowser } from './home-browser';
import { createTestNetwork, PUBLIC_ADDRESS, type HomeName, type TestNetwork } from './test-network';

/**
 * Everything a call across the test network needs, for the e2e tests and the bench: the network
 * (two NATed homes), coturn and a stack of its own on the public address with relay-only rooms,
 * and a call browser in each home (the doctor's, the patient's).
 */
export interface NetworkCallRig {
  network: TestNetwork;
  turn: TurnServer;
  stack: RunningStack;
  browsers: Record<HomeName, Browser>;
  /** A started meeting with the doctor's room open in the doctor's home; the patient's not yet. */
  startedCall(): Promise<NetworkCall>;
  /** Closes the browsers and stops everything, removing the network, whatever had started. */
  stop(): Promise<void>;
}

export interface NetworkCall {
  caseId: string;
  providerRoom: Page;
  /** A page in the patient's browser (home), still blank: open `patientJoinUrl` in it. */
  patientRoom: Page;
  /** The patient's join link with the patient's key, as the patient's browser holds it. */
  patientJoinUrl: string;
}

export async function startNetworkCallRig(
  name: string,
  settings: Pick<StackOptions, 'meetingDurationSeconds'> & Partial<StackOptions> = {},
): Promise<NetworkCallRig> {
  const stoppers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.splice(0).reverse()) await stopOne().catch(() => undefined);
  };
  try {
    // The port first: the network's faults tell the app's TCP from the media by it.
    const appPort = await freePort();
    const network = createTestNetwork({ appPort, ownNamespace: inOwnNetworkNamespace() });
    stoppers.push(() => Promise.resolve(network.destroy()));
    const turn = await startTurnServer(PUBLIC_ADDRESS);
    stoppers.push(() => turn.stop());
    const { stack, stop: stopStack } = await startOwnStack(name, {
      // One provider claims every case of the file (or of the bench's runs).
      maxActiveClaims: 1_000,
      ...settings,
      publicHost: PUBLIC_ADDRESS,
      ports: { app: appPort },
      turn: { urls: turn.urls, secret: turn.secret },
      iceTransportPolicy: 'relay',
    });
    stoppers.push(stopStack);
    const origin = new URL(stack.appUrl).origin;
    const browsers = {} as Record<HomeName, Browser>;
    for (const home of ['doctor', 'patient'] as const) {
      browsers[home] = await launchHomeBrowser(network.homes[home], origin);
      stoppers.push(() => browsers[home].close());
    }
    let provider: Promise<SignedInProvider> | undefined;
    return {
      network,
      turn,
      stack,
      browsers,
      async startedCall() {
        provider ??= signInProvider(stack);
        const signedIn = await provider;
        const caseId = await newPaidCaseId(stack);
        await claimCase(stack, signedIn, caseId);
        await startTimer(stack, signedIn, caseId);
        const links = await joinLinks(stack, signedIn, caseId);
        const providerRoom = await newCallPage(browsers.doctor);
        await signInContext(providerRoom, stack, signedIn);
        await providerRoom.goto(links.providerJoinUrl);
        const patientRoom = await newCallPage(browsers.patient);
        return {
          caseId,
          providerRoom,
          patientRoom,
          patientJoinUrl: withPatientKey(links.patientJoinUrl, caseId),
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
