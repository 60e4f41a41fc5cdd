import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import { startOwnStack } from '#local/testing/own-stack';
import { newPaidCaseId } from '#local/testing/patient-journey';
import { providerFetch, signInProvider } from '#local/testing/provider-journey';
import { enterRoom } from '#local/testing/room-socket';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';

/**
 * TURN credentials only while the meeting runs (issue 25, review L8; docs/adr/0013-room-
 * connections.md): a stack of this file's own with a TURN server configured (nothing listens
 * there: only the credentials the room session hands out matter here).
 */
let stack: RunningStack;
let stopStack: () => Promise<void>;

beforeAll(async () => {
  ({ stack, stop: stopStack } = await startOwnStack('room-ice', {
    turn: { urls: ['turn:127.0.0.1:3478?transport=udp'], secret: 'room-ice-test-secret' },
  }));
});
afterAll(() => stopStack());

describe('the room session hands out ICE servers', () => {
  it('only between the start and the end, to both parties', async () => {
    const provider = await signInProvider(stack);
    const caseId = await newPaidCaseId(stack);
    await claimCase(stack, provider, caseId);
    const links = await joinLinks(stack, provider, caseId);
    const sessions = () =>
      Promise.all([
        enterRoom(stack, links.patientJoinUrl),
        enterRoom(stack, links.providerJoinUrl, provider.cookie),
      ]);

    for (const before of await sessions()) {
      expect(before).toMatchObject({ status: 'scheduled', iceServers: [] });
      expect(before.ticket).toEqual(expect.any(String));
    }

    await startTimer(stack, provider, caseId);
    for (const during of await sessions()) {
      expect(during.status).toBe('active');
      expect(during.iceServers.map((server) => server.urls)).toEqual([
        ['turn:127.0.0.1:3478?transport=udp'],
      ]);
      // Time-limited TURN REST credentials, issued for this call.
      expect(during.iceServers[0]?.username).toMatch(/^\d+:/);
      expect(during.iceServers[0]?.credential).toBeTruthy();
    }

    const end = await providerFetch(
      stack,
      provider,
      pathOf(meetingContracts.endMeeting, { caseId }),
      { method: 'POST' },
    );
    expect(end.status).toBe(200);
    for (const after of await sessions()) {
      expect(after).toMatchObject({ status: 'completed', iceServers: [], ticket: null });
    }
  }, 90_000);
});
