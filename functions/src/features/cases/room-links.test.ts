import { beforeEach, describe, expect, it } from 'vitest';
import { roomTokenFromHash } from '@shared/meetings/room';
import { stubEnv } from '#testing/env';
import { roomLink, roomToken, verifyRoomToken } from './room-links';

beforeEach(() => {
  stubEnv({ ROOM_TOKEN_SECRET: 'test-secret', APP_ORIGIN: 'https://app.example.org' });
});

const meetingId = '9b2f6c1e-3f4a-4a0b-9c55-0f7d2f1e8a11';
const otherMeetingId = '1c0d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const caseId = '5e1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('signed room links (DESIGN.md §7)', () => {
  const now = Date.UTC(2026, 10, 21, 10);

  it('verify for their meeting and role until they expire, and name the case', () => {
    const token = roomToken(meetingId, caseId, 'patient', now);
    expect(verifyRoomToken(meetingId, 'patient', token, now + 1000)).toBe(caseId);
    expect(verifyRoomToken(meetingId, 'provider', token, now)).toBeNull();
    expect(verifyRoomToken(otherMeetingId, 'patient', token, now)).toBeNull();
    expect(verifyRoomToken(meetingId, 'patient', token, now + 25 * 60 * 60 * 1000)).toBeNull();
    expect(verifyRoomToken(meetingId, 'patient', `${token}x`, now)).toBeNull();
    expect(verifyRoomToken(meetingId, 'patient', 'garbage', now)).toBeNull();
  });

  it('cannot be moved to another case: the case id is signed', () => {
    const [, expires, signature] = roomToken(meetingId, caseId, 'patient', now).split('.');
    const moved = `${otherMeetingId}.${expires}.${signature}`;
    expect(verifyRoomToken(meetingId, 'patient', moved, now)).toBeNull();
  });

  it('point into the app with the role, the token only in the fragment', () => {
    const url = new URL(roomLink(meetingId, caseId, 'provider', now));
    expect(url.origin).toBe('https://app.example.org');
    expect(url.pathname).toBe(`/room/${meetingId}`);
    expect(url.searchParams.get('role')).toBe('provider');
    expect(url.search).not.toContain('token');
    const token = roomTokenFromHash(url.hash);
    expect(token).not.toBeNull();
    expect(verifyRoomToken(meetingId, 'provider', token!, now)).toBe(caseId);
  });

  it('fit the room session request (at most 200 characters)', () => {
    expect(roomToken(meetingId, caseId, 'provider', now).length).toBeLessThanOrEqual(200);
  });
});
