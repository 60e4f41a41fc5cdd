import { beforeAll, describe, expect, it } from 'vitest';
import {
  openAlertSocket,
  requestTicket,
  roundTrip,
  type AlertSocket,
} from '#local/testing/alert-socket';
import { openCaseSocket } from '#local/testing/case-socket';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import { newPaidCaseId } from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { getCaseDetails } from '@shared/cases/contracts';
import type { ProviderCaseDetails } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';
import type { PatientPresenceMessage } from '@shared/realtime/api';

/**
 * The patient's presence (issue 27 item 1), with real sockets: a patient page's case socket
 * opening and closing is pushed as `PATIENT_PRESENCE` to the doctor holding the case, and to
 * nobody else, and the last time seen is stored on the case.
 */

const stack = useTestStack();

let alice: SignedInProvider;
let bob: SignedInProvider;
beforeAll(async () => {
  [alice, bob] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
});

const dashboard = async (provider: SignedInProvider) =>
  openAlertSocket(stack, await requestTicket(stack, provider));

function presence(socket: AlertSocket, caseId: string): PatientPresenceMessage[] {
  return socket.messages.filter(
    (message): message is PatientPresenceMessage =>
      message.type === 'PATIENT_PRESENCE' && message.caseId === caseId,
  );
}

async function storedSeenAt(caseId: string): Promise<string | null> {
  return (await getCaseBundle(caseId))?.case.patientSeenAt ?? null;
}

/** The presence the holder's case details carry (a dashboard opened after the push). */
async function detailsPresence(provider: SignedInProvider, caseId: string) {
  const response = await providerFetch(stack, provider, pathOf(getCaseDetails, { caseId }));
  return ((await response.json()) as ProviderCaseDetails).patientPresence;
}

describe('patient presence', () => {
  it('reaches the claiming doctor when the patient page opens and closes, and no other provider', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, alice, caseId);
    const [aliceDashboard, bobDashboard] = await Promise.all([dashboard(alice), dashboard(bob)]);

    const page = await openCaseSocket(stack, caseId);
    await expect.poll(() => presence(aliceDashboard, caseId)).toHaveLength(1);
    const [arrived] = presence(aliceDashboard, caseId);
    expect(arrived).toMatchObject({ type: 'PATIENT_PRESENCE', caseId, present: true });
    expect(arrived!.lastSeenAt).toBe(await storedSeenAt(caseId));
    expect(await detailsPresence(alice, caseId)).toEqual({
      present: true,
      lastSeenAt: arrived!.lastSeenAt,
    });

    // A second tab, then closing one: still present. Closing the last: gone, with the time.
    const secondTab = await openCaseSocket(stack, caseId);
    await expect.poll(() => presence(aliceDashboard, caseId)).toHaveLength(2);
    secondTab.socket.close();
    await secondTab.closed;
    await expect.poll(() => presence(aliceDashboard, caseId)).toHaveLength(3);
    expect(presence(aliceDashboard, caseId)[2]!.present).toBe(true);
    page.socket.close();
    await page.closed;
    await expect.poll(() => presence(aliceDashboard, caseId)).toHaveLength(4);
    const left = presence(aliceDashboard, caseId)[3]!;
    expect(left.present).toBe(false);
    expect(left.lastSeenAt).toBe(await storedSeenAt(caseId));
    expect(await detailsPresence(alice, caseId)).toEqual({
      present: false,
      lastSeenAt: left.lastSeenAt,
    });
    expect(Date.parse(left.lastSeenAt!)).toBeGreaterThanOrEqual(Date.parse(arrived!.lastSeenAt!));

    // Every push to Alice has arrived by her PONG; Bob's dashboard was open all along.
    await Promise.all([roundTrip(aliceDashboard), roundTrip(bobDashboard)]);
    expect(bobDashboard.messages.some((message) => message.type === 'PATIENT_PRESENCE')).toBe(
      false,
    );
    aliceDashboard.socket.close();
    bobDashboard.socket.close();
  });

  it('still reaches the doctor once the call has started', async () => {
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, alice, caseId);
    await startTimer(stack, alice, caseId);
    const aliceDashboard = await dashboard(alice);
    const page = await openCaseSocket(stack, caseId);
    await expect
      .poll(() => presence(aliceDashboard, caseId), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ present: true })]);
    page.socket.close();
    aliceDashboard.socket.close();
  });

  it('tells nobody of an unclaimed case, but remembers when the patient was seen', async () => {
    const caseId = await newPaidCaseId(stack);
    const aliceDashboard = await dashboard(alice);
    expect(await storedSeenAt(caseId)).toBeNull();
    const page = await openCaseSocket(stack, caseId);
    await expect.poll(() => storedSeenAt(caseId)).not.toBeNull();
    await roundTrip(aliceDashboard);
    expect(presence(aliceDashboard, caseId)).toEqual([]);
    page.socket.close();
    aliceDashboard.socket.close();
  });
});
