import type { RoomSessionResponse } from '@shared/meetings/room';

export const MEETING_ID = '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601';
export const CASE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A room session as the server answers it; the meeting is active unless told otherwise. */
export function roomSession(overrides: Partial<RoomSessionResponse> = {}): RoomSessionResponse {
  return {
    meetingId: MEETING_ID,
    caseId: CASE_ID,
    role: 'patient',
    status: 'active',
    startedAt: '2026-11-26T10:00:00.000Z',
    endsAt: '2026-11-26T10:15:00.000Z',
    endedAt: null,
    durationSeconds: 900,
    serverTime: '2026-11-26T10:05:00.000Z',
    peerName: 'Dr. Ada Lovelace',
    iceServers: [{ urls: ['turn:turn.example:3478'], username: 'u1', credential: 'c1' }],
    iceTransportPolicy: 'all',
    ticket: 'ticket-1',
    ...overrides,
  };
}
